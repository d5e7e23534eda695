/** The browser engines the tests drive. */
export type Engine = 'chromium' | 'firefox' | 'webkit';
/** Installs the named engines when missing; returns CHROME_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH. */
export declare function ensureBrowsers(names?: readonly Engine[]): Record<string, string>;
/** The flags headless Chromium needs in a root container. */
export declare const CHROMIUM_ARGS: readonly string[];
/** The Chromium to start: `CHROME_PATH`, else Debian's, installed when missing. */
export declare function chromiumPath(): string;
/** web-test-runner's launch of the system's Chromium (installed when missing), headless. */
export declare function chromiumLaunchOptions(): { executablePath: string; args: string[] };
