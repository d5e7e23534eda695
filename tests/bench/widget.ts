/**
 * The widget: gzipped size of `crypto-pay.bundled.js`, and the time in headless Chromium from
 * the module's import to the first rendered sender form (the configuration fetched from a real
 * proxy included), median of 20 loads, each in a fresh browser context. The widget emits no
 * performance marks of its own, so the page marks the import and watches the nested shadow
 * roots between tasks for the form. The baseline page fetches the same configuration and
 * renders a plain form by hand, measured the same way.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT } from '../support/process.ts';
import { startStack } from '../support/stack.ts';
import { type BenchmarkResult, median } from './report.ts';

const LOADS = 20;
const BUNDLE = join(ROOT, 'packages/widget/dist/crypto-pay.bundled.js');
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Runs `check` between tasks until it is true, then marks `name`. */
const WATCH = `
function watch(name, check) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (check()) { performance.mark(name); resolve(); } else channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
  });
}`;

function widgetPage(proxy: string): string {
  return `<!doctype html><meta charset="utf-8"><title>widget</title>
<crypto-pay proxy="${proxy}" product="tee"></crypto-pay>
<script type="module">${WATCH}
const form = () => document.querySelector('crypto-pay')?.shadowRoot
  ?.querySelector('crypto-pay-sender-form')?.shadowRoot?.querySelector('form');
const rendered = watch('form', () => Boolean(form()));
performance.mark('import');
await import('/crypto-pay.bundled.js');
performance.mark('evaluated');
await rendered;
window.done = true;
</script>`;
}

function baselinePage(proxy: string): string {
  return `<!doctype html><meta charset="utf-8"><title>baseline</title>
<div id="host"></div>
<script type="module">${WATCH}
const root = document.getElementById('host').attachShadow({ mode: 'open' });
const rendered = watch('form', () => Boolean(root.querySelector('form')));
// Nothing to import or evaluate: both marks at the start, so both spans hold fetch and render.
performance.mark('import');
performance.mark('evaluated');
const config = await (await fetch('${proxy}/api/config')).json();
root.innerHTML = '<form><select>' + config.payment_currencies.map((c) => '<option>' + c.iso + '</option>').join('')
  + '</select><label>First name <input name="first_name"></label><button>Pay</button></form>';
await rendered;
window.done = true;
</script>`;
}

function serve(pages: Record<string, string>): Promise<Server> {
  const bundle = readFileSync(BUNDLE);
  const server = createServer((request, response) => {
    const headers = { 'Cache-Control': 'no-store' };
    if (request.url === '/crypto-pay.bundled.js') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' });
      response.end(bundle);
    } else if (request.url && pages[request.url]) {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      response.end(pages[request.url]);
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function widget(): Promise<BenchmarkResult> {
  if (!existsSync(BUNDLE)) {
    const built = spawnSync('pnpm', ['--filter', '@crypto-pay/widget', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('The widget did not build.');
  }
  const bytes = readFileSync(BUNDLE);
  const gzipped = gzipSync(bytes, { level: 9 }).length / 1024;
  const brotli = brotliCompressSync(bytes).length / 1024;

  const pages: Record<string, string> = {};
  const server = await serve(pages);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stack = await startStack({ proxyEnv: { ALLOWED_ORIGINS: origin } });
  pages['/widget'] = widgetPage(stack.proxy.url);
  pages['/baseline'] = baselinePage(stack.proxy.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const times: Record<string, { toForm: number[]; afterEvaluation: number[] }> = {
    '/widget': { toForm: [], afterEvaluation: [] },
    '/baseline': { toForm: [], afterEvaluation: [] },
  };
  try {
    // Warm the proxy's currency cache and the browser once, then alternate the two pages.
    for (let load = -1; load < LOADS; load++) {
      for (const path of ['/widget', '/baseline']) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(`${origin}${path}`);
        await page
          .waitForFunction('window.done === true', undefined, { timeout: 15_000 })
          .catch(() => {
            throw new Error(`${path} rendered no form: ${errors.join('; ') || 'no page error'}`);
          });
        const marks = (await page.evaluate(
          `Object.fromEntries(performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]))`,
        )) as Record<string, number>;
        await context.close();
        if (load < 0) continue;
        times[path]!.toForm.push(marks.form! - marks.import!);
        times[path]!.afterEvaluation.push(marks.form! - marks.evaluated!);
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
    server.close();
  }
  const widgetTimes = times['/widget']!;
  const baseTimes = times['/baseline']!;
  return {
    benchmark: 'widget',
    figures: [
      {
        name: 'bundle gzipped',
        value: gzipped,
        unit: 'KiB',
        baseline: { name: 'raw', value: bytes.length / 1024 },
      },
      { name: 'bundle brotli', value: brotli, unit: 'KiB' },
      {
        name: 'import to first form, median',
        value: median(widgetTimes.toForm),
        unit: 'ms',
        baseline: { name: 'hand-written form', value: median(baseTimes.toForm) },
      },
      {
        name: 'evaluated to first form, median',
        value: median(widgetTimes.afterEvaluation),
        unit: 'ms',
        baseline: { name: 'hand-written form', value: median(baseTimes.afterEvaluation) },
      },
    ],
    notes: [
      `${LOADS} loads of each page after one warm-up, alternating, each in a fresh Chromium context (no HTTP cache), headless, from a local static server; /api/config from a real proxy (its currency list cached after the warm-up).`,
      'The widget emits no performance marks: the page marks "import" before import() of the bundle and "evaluated" after it resolves, and a MessageChannel loop marks "form" as soon as <form> exists in the sender form\'s shadow root (DOM presence, checked between tasks, not paint).',
      'The baseline has no module: its two spans are equal, the /api/config fetch plus rendering a form with innerHTML. "evaluated to first form" compares like with like: fetching the configuration and rendering, by the widget or by hand.',
    ],
  };
}
