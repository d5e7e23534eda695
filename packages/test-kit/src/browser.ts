/**
 * Headless Chromium for the browser tests and benchmarks: the system's (`CHROME_PATH`, else
 * Debian's), never one a tool downloads, with the flags a root container needs.
 */

import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './browsers.mjs';

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}
