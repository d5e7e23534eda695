/**
 * The first SPA payment after `pnpm start`: Vite's dev server must not find new dependencies
 * while the customer walks to the pay step, re-bundle them and reload the page (which ended the
 * journey on the product screen). The demo's Vite config names what the SPA and the widget load,
 * lazily loaded parts included (`optimizeDeps.include`), so their pre-bundling does not hang on
 * what the dependency scan happens to find. The dev server starts on an empty dependency cache,
 * as on a fresh clone.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import { personDetails } from '@crypto-pay/test-kit/details-form';
import { ROOT } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import type { Browser } from 'playwright-core';
import { playDetails } from '../e2e/support.ts';

/** What Vite prints when it re-bundles dependencies found late, and reloads the pages. */
const REOPTIMISED = /new dependencies optimized|optimized dependencies changed|reloading/i;

/** Vite's record of what it pre-bundled (`<cacheDir>/deps/_metadata.json`): by name, its file and source. */
interface DepsMetadata {
  optimized: Record<string, { file: string; src: string }>;
}

describe("the SPA on Vite's dev server, dependencies bundled afresh", () => {
  let stack: Stack;
  let browser: Browser;
  const viteCacheDir = mkdtempSync(join(tmpdir(), 'crypto-pay-vite-cache-'));
  before(async () => {
    stack = await startStack({ built: false, demo: { viteCacheDir } });
    browser = await launchChromium(['--disable-quic']);
  });
  after(async () => {
    await browser?.close();
    await stack?.stop();
    rmSync(viteCacheDir, { recursive: true, force: true });
  });

  it('reaches the pay step on the first load, with no reload and no re-bundling', async () => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    // The pre-bundled dependency files the page loads (chunks shared between them aside).
    const depFiles = new Set<string>();
    page.on('request', (request) => {
      const file = /\/deps\/([^/?]+\.js)\?v=/.exec(request.url())?.[1];
      if (file && !file.startsWith('chunk-')) depFiles.add(file);
    });
    const demoUrl = stack.demo!.url.replace('localhost', '127.0.0.1');
    await page.goto(`${demoUrl}/spa.html`);
    await page.getByRole('button', { name: 'Buy with crypto' }).click();
    // A full reload would drop this, and the app's state with it.
    await page.evaluate(() => {
      (window as unknown as { firstLoad: boolean }).firstLoad = true;
    });
    await playDetails(page, personDetails('BTC on Bitcoin'));
    await page.locator('crypto-pay').getByRole('button', { name: 'Continue to payment' }).click();
    await page
      .locator('crypto-pay')
      .getByRole('link', { name: /Open the payment page/ })
      .waitFor({ timeout: 30_000 });
    // The QR code's part comes last, with a dependency of its own (lean-qr).
    await page
      .locator('crypto-pay')
      .getByRole('img', { name: 'QR code of the payment link' })
      .waitFor({ timeout: 30_000 });

    assert.equal(
      await page.evaluate(() => (window as unknown as { firstLoad?: boolean }).firstLoad),
      true,
      'the page was reloaded',
    );
    assert.equal(loads, 1);
    const printed = stack.demo!.lines.map((line) => line.text);
    assert.deepEqual(
      printed.filter((line) => REOPTIMISED.test(line)),
      [],
      printed.join('\n'),
    );
    assert.deepEqual(problems, []);

    // Each was named in the config, itself (react and react-dom too, scoped names whole).
    const metadata: DepsMetadata = JSON.parse(
      readFileSync(join(viteCacheDir, 'deps/_metadata.json'), 'utf8'),
    );
    const config = (await import(join(ROOT, 'vite.config.ts'))).default as (env: {
      command: 'serve';
      mode: string;
    }) => { optimizeDeps: { include: string[] } };
    // Vite records a nested entry (`@crypto-pay/widget > lit`) by the dependency's own name.
    const include = config({ command: 'serve', mode: 'development' }).optimizeDeps.include.map(
      (entry) => entry.split(' > ').at(-1),
    );
    const loaded = Object.entries(metadata.optimized)
      .filter(([, dep]) => depFiles.has(dep.file))
      .map(([name]) => name);
    assert.ok(
      loaded.some((name) => name.includes('lean-qr')),
      `the pay step loads its QR code's dependency: ${[...depFiles].join(' ')}`,
    );
    assert.ok(loaded.includes('react-dom/client'), `the SPA loads React: ${loaded.join(' ')}`);
    assert.deepEqual(
      loaded.filter((name) => !include.includes(name)),
      [],
      'loaded without being named in optimizeDeps.include',
    );
    await page.close();
  });
});
