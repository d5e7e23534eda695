/**
 * Headless Chromium for the browser tests and benchmarks: the system's (`CHROME_PATH`, else
 * Debian's), never one a tool downloads, with the flags a root container needs.
 */

import { type Browser, chromium } from 'playwright-core';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: [...ARGS, ...extraArgs],
  });
}
