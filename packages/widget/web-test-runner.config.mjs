/**
 * Runs the widget's tests in the system's headless Chromium (never a downloaded browser), with
 * TypeScript through esbuild and a fake of the proxy's public API served alongside.
 */
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@crypto-pay/test-kit/browsers';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { cspPageMiddleware } from './test/csp-page.mjs';
import { fakeProxyMiddleware } from './test/fake-proxy.mjs';

const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url));

export default {
  files: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  // The workspace's packages from their TypeScript source (@crypto-pay/test-kit/source).
  nodeResolve: { exportConditions: ['@crypto-pay/source', 'browser', 'development'] },
  // a11ySnapshot: what a screen reader is given (the payment reference's spelled-out form).
  plugins: [esbuildPlugin({ ts: true, tsconfig, target: 'es2022' }), a11ySnapshotPlugin()],
  middleware: [fakeProxyMiddleware(), cspPageMiddleware()],
  browsers: [chromeLauncher({ launchOptions: chromiumLaunchOptions() })],
  // One page at a time: Chromium hides and throttles background pages, and these tests rely on
  // a visible page (focus, visibilitychange, timers).
  concurrency: 1,
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  // A bound against a hang, not a speed check: a loaded machine makes nothing here fail.
  testFramework: { config: { timeout: 60_000 } },
};
