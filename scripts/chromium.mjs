// Finds the Chromium that browser tests drive: CHROME_PATH, else Debian's package, which is
// installed when missing (test tools must never download a browser of their own).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export function ensureChromium() {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROME_PATH=${configured} does not exist.`);
    return configured;
  }
  if (!existsSync(DEBIAN_CHROMIUM)) {
    console.log('Chromium not found: installing Debian package "chromium" (needs root and apt).');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  return DEBIAN_CHROMIUM;
}
