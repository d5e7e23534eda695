/**
 * Headless Chromium for the browser tests and benchmarks: the system's (`CHROME_PATH`, else
 * Debian's, installed when missing), never one a tool downloads, with the flags a root container
 * needs.
 */

import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './browsers.mjs';

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
