/**
 * Runs the dashboard's component tests (`test/*.test.ts`) in the system's headless Chromium
 * (never a downloaded browser), TypeScript through esbuild, the workspace's packages from their
 * source. The pages' journeys against the real stack are tests/e2e/dashboard*.test.ts.
 */
import { fileURLToPath } from 'node:url';
import { chromiumLaunchOptions } from '@crypto-pay/test-kit/browsers';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';

const tsconfig = fileURLToPath(new URL('./tsconfig.json', import.meta.url));

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: { exportConditions: ['@crypto-pay/source', 'browser', 'development'] },
  plugins: [esbuildPlugin({ ts: true, tsconfig, target: 'es2022' })],
  browsers: [chromeLauncher({ launchOptions: chromiumLaunchOptions() })],
  concurrency: 1,
  filterBrowserLogs: ({ args }) => !String(args[0]).includes('Lit is in dev mode'),
  testFramework: { config: { timeout: 10000 } },
};
