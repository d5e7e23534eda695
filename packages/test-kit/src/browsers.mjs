// Finds the browsers that browser tests drive: each one's variable (CHROME_PATH, FIREFOX_PATH,
// WEBKIT_DRIVER_PATH), else Debian's package, installed when missing. Test tools never
// download a browser of their own.
import { existsSync } from 'node:fs';
import { ensureDebianPackages } from './debian-packages.mjs';

/** Each engine: the variable that names another build, and what Debian provides for it. */
const ENGINES = {
  chromium: {
    variable: 'CHROME_PATH',
    needs: [{ provides: '/usr/bin/chromium', package: 'chromium' }],
  },
  // Driven offline over WebDriver BiDi (puppeteer-core): no geckodriver needed.
  firefox: {
    variable: 'FIREFOX_PATH',
    needs: [{ provides: '/usr/bin/firefox-esr', package: 'firefox-esr' }],
  },
  // WebKitGTK's WebDriver server and the MiniBrowser it drives, with a display of their own.
  webkit: {
    variable: 'WEBKIT_DRIVER_PATH',
    needs: [
      { provides: '/usr/bin/WebKitWebDriver', package: 'webkit2gtk-driver' },
      { provides: 'Xvfb', package: 'xvfb' },
    ],
  },
};

/**
 * Makes sure the named engines are there (one apt-get run for all that are missing) and returns
 * their variables, each set to what the tests should start: `{CHROME_PATH, FIREFOX_PATH, ...}`.
 */
export function ensureBrowsers(names = Object.keys(ENGINES)) {
  const found = {};
  const needs = [];
  for (const name of names) {
    const { variable, needs: debian } = ENGINES[name];
    const configured = process.env[variable];
    if (configured) {
      if (!existsSync(configured)) throw new Error(`${variable}=${configured} does not exist.`);
      found[variable] = configured;
    } else {
      found[variable] = debian[0].provides;
      needs.push(...debian);
    }
  }
  ensureDebianPackages(needs, `the browser tests (${names.join(', ')})`);
  return found;
}

/** The flags headless Chromium needs in a root container, quiet (no updates, sync or pings). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The Chromium to start: `CHROME_PATH`, else Debian's, installed when missing. */
export function chromiumPath() {
  return ensureBrowsers(['chromium']).CHROME_PATH;
}

/** web-test-runner's launch of the system's Chromium (installed when missing), headless. */
export function chromiumLaunchOptions() {
  return {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--headless=new'],
  };
}
