/** The browser engines the tests drive. */
export type Engine = 'chromium' | 'firefox' | 'webkit';
/** Installs the named engines when missing; returns CHROME_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH. */
export declare function ensureBrowsers(names?: readonly Engine[]): Record<string, string>;
