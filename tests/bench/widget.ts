/**
 * The widget: gzipped size of `crypto-pay.bundled.js`, and the time in headless Chromium from
 * the module's import, and from the start of its evaluation, to the first rendered sender form
 * (the configuration fetched from a real proxy included), median of 20 loads, each in a fresh
 * browser context: the page marks the import and, once the module is fetched and compiled, the
 * start of its evaluation; the widget marks its form (`crypto-pay:form`).
 * The baseline page fetches the same configuration, renders a plain form by hand and sets the
 * same mark.
 */

import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import { ROOT } from '@crypto-pay/test-kit/process';
import { startStack } from '@crypto-pay/test-kit/stack';
import { chunkName, JOURNEY_CHUNKS, LANGUAGE_CHUNKS } from '@crypto-pay/test-kit/widget-journey';
import { type BenchmarkResult, median } from './report.ts';

const LOADS = 20;
const DIST = join(ROOT, 'packages/widget/dist');
const BUNDLE = join(DIST, 'crypto-pay.bundled.js');

/** The widget's own mark, set when its sender form first shows (`crypto-pay:form`). */
const FORM_MARK = 'crypto-pay:form';
/** What a page writes on the console when it is done. */
const DONE = 'crypto-pay-bench: done';

/** Page script: the first performance entry of `type` named `name`, now or once it comes. */
const UNTIL_ENTRY = `const untilEntry = (type, name) =>
  new Promise((resolve) =>
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName(name).length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type, buffered: true }),
  );`;

/**
 * The end of both pages: once the browser has painted the first content (the form, on both
 * pages), the page says it is done on the console. The runner waits for that line rather than
 * polling the page with Playwright's `waitForFunction`, whose script (about 320 KB, evaluated on
 * the page's main thread the first time) would run in the middle of what is measured.
 */
const PAINTED_AND_DONE = `await untilEntry('paint', 'first-contentful-paint');
console.log('${DONE}');`;

function widgetPage(proxy: string): string {
  return `<!doctype html><meta charset="utf-8"><title>widget</title>
<crypto-pay proxy="${proxy}" product="kettle"></crypto-pay>
<script type="module">
${UNTIL_ENTRY}
const rendered = untilEntry('mark', '${FORM_MARK}');
performance.mark('import');
// Fetched and compiled first, not yet run: the import() below then only evaluates it.
const preload = Object.assign(document.createElement('link'), {
  rel: 'modulepreload',
  href: '/crypto-pay.bundled.js',
});
await new Promise((resolve, reject) => {
  preload.onload = resolve;
  preload.onerror = reject;
  document.head.append(preload);
});
performance.mark('evaluating');
await import('/crypto-pay.bundled.js');
await rendered;
// The form with the configuration in (its skeleton shows before): no \`loading\` left on it.
const root = document.querySelector('crypto-pay').shadowRoot;
const complete = () => root.querySelector('crypto-pay-sender-form:not([loading])');
if (!complete()) {
  await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!complete()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(root, { subtree: true, childList: true, attributes: true });
  });
}
performance.mark('complete');
${PAINTED_AND_DONE}
</script>`;
}

function baselinePage(proxy: string): string {
  return `<!doctype html><meta charset="utf-8"><title>baseline</title>
<div id="host"></div>
<script type="module">
${UNTIL_ENTRY}
const root = document.getElementById('host').attachShadow({ mode: 'open' });
// Nothing to import or evaluate: both marks at the start, so both spans hold fetch and render.
performance.mark('import');
performance.mark('evaluating');
const config = await (await fetch('${proxy}/api/config')).json();
root.innerHTML = '<form><select>' + config.payment_currencies.map((c) => '<option>' + c.iso + '</option>').join('')
  + '</select><label>First name <input name="first_name"></label><button>Pay</button></form>';
performance.mark('${FORM_MARK}');
performance.mark('complete');
${PAINTED_AND_DONE}
</script>`;
}

/** Serves the pages and the bundle alone: its chunks come from the proxy. */
function serve(dist: string, pages: Record<string, string>): Promise<Server> {
  const server = createServer((request, response) => {
    const headers = { 'Cache-Control': 'no-store' };
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const page = pages[path];
    if (page !== undefined) {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/html' });
      response.end(page);
      return;
    }
    const file = join(dist, path);
    if (path === '/crypto-pay.bundled.js') {
      response.writeHead(200, { ...headers, 'Content-Type': 'text/javascript' });
      response.end(readFileSync(file));
      return;
    }
    response.writeHead(404);
    response.end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The budgets of issue 32: the first paint (issue 20's was 20 KiB), a whole journey in any
 * shipped language, and the time from evaluation to the first form.
 */
const FIRST_PAINT_KIB = 18;
const JOURNEY_KIB = 35;
const FIRST_FORM_MS = 30;

/**
 * Gzipped KiB of the bundle alone (the first paint), of a whole journey (the bundle and the
 * chunks it fetches, each its own download: in English, and in the language whose chunk is
 * largest, with the list of languages), and with every lazy chunk it can load.
 */
function sizes(dist: string) {
  const bytes = readFileSync(join(dist, 'crypto-pay.bundled.js'));
  const gz = (data: Buffer) => gzipSync(data, { level: 9 }).length / 1024;
  const chunks = new Map(
    readdirSync(join(dist, 'chunks')).flatMap((file) => {
      const name = chunkName(file);
      return name ? [[name, gz(readFileSync(join(dist, 'chunks', file)))] as const] : [];
    }),
  );
  const chunk = (name: string) => {
    const size = chunks.get(name);
    if (size === undefined) throw new Error(`The widget has no chunk ${name}.`);
    return size;
  };
  const total = (names: readonly string[]) => names.reduce((sum, name) => sum + chunk(name), 0);
  // Every language's journey adds the list of languages and its messages (English's past the
  // first view, the others' whole): tests/e2e/one-file-embed.test.ts checks a journey fetches these.
  const journey = gz(bytes) + total(JOURNEY_CHUNKS);
  const english = journey + total(LANGUAGE_CHUNKS('en'));
  // A language's chunk is named by its code (`de`, `fil`, `zh-Hant`, `pt-BR`, `es-419`); the
  // others by what they hold.
  const language = [...chunks.keys()]
    .filter((name) => /^[a-z]{2,3}(-([A-Z][a-z]{3}|[A-Z]{2}|\d{3}))?$/.test(name))
    .reduce((a, b) => (chunk(b) > chunk(a) ? b : a));
  return {
    raw: bytes.length / 1024,
    gzipped: gz(bytes),
    brotli: brotliCompressSync(bytes).length / 1024,
    english,
    language,
    inLanguage: journey + total(LANGUAGE_CHUNKS(language)),
    chunks: chunks.size,
    withChunks: gz(bytes) + [...chunks.values()].reduce((total, size) => total + size, 0),
  };
}

export async function widget(): Promise<BenchmarkResult> {
  if (!existsSync(BUNDLE)) {
    const built = spawnSync('pnpm', ['--filter', '@crypto-pay/widget', 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('The widget did not build.');
  }
  // A snapshot, so a rebuild of the widget during the run cannot pull files from under it.
  const dist = mkdtempSync(join(tmpdir(), 'crypto-pay-widget-'));
  cpSync(DIST, dist, { recursive: true });
  const size = sizes(dist);

  const pages: Record<string, string> = {};
  const server = await serve(dist, pages);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stack = await startStack({ proxyEnv: { ALLOWED_ORIGINS: origin } });
  pages['/widget'] = widgetPage(stack.proxy.url);
  pages['/baseline'] = baselinePage(stack.proxy.url);
  const browser = await launchChromium(['--headless=new']);
  const times: Record<
    string,
    { toForm: number[]; fromEvaluation: number[]; painted: number[]; complete: number[] }
  > = {
    '/widget': { toForm: [], fromEvaluation: [], painted: [], complete: [] },
    '/baseline': { toForm: [], fromEvaluation: [], painted: [], complete: [] },
  };
  try {
    // Warm the proxy's currency cache and the browser once, then alternate the two pages.
    for (let load = -1; load < LOADS; load++) {
      for (const path of ['/widget', '/baseline']) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        const done = page.waitForEvent('console', {
          predicate: (message) => message.text() === DONE,
          timeout: 15_000,
        });
        await Promise.all([page.goto(`${origin}${path}`), done]).catch((error: Error) => {
          throw new Error(`${path} rendered no form: ${errors.join('; ') || error.message}`);
        });
        const marks = (await page.evaluate(
          `Object.fromEntries([...performance.getEntriesByType('mark'), ...performance.getEntriesByType('paint')].map((mark) => [mark.name, mark.startTime]))`,
        )) as Record<string, number>;
        await context.close();
        if (load < 0) continue;
        times[path]!.toForm.push(marks[FORM_MARK]! - marks.import!);
        times[path]!.fromEvaluation.push(marks[FORM_MARK]! - marks.evaluating!);
        times[path]!.complete.push(marks.complete! - marks.evaluating!);
        times[path]!.painted.push(marks['first-contentful-paint']! - marks.evaluating!);
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }
  const widgetTimes = times['/widget']!;
  const baseTimes = times['/baseline']!;
  return {
    benchmark: 'widget',
    figures: [
      {
        name: 'crypto-pay.bundled.js gzipped',
        value: size.gzipped,
        unit: 'KiB',
        baseline: { name: 'raw', value: size.raw },
      },
      { name: 'crypto-pay.bundled.js brotli', value: size.brotli, unit: 'KiB' },
      {
        name: 'first paint (crypto-pay.bundled.js) gzipped',
        value: size.gzipped,
        unit: 'KiB',
        target: { text: `<= ${FIRST_PAINT_KIB} KiB`, met: size.gzipped <= FIRST_PAINT_KIB },
      },
      {
        name: 'whole journey in English, gzipped',
        value: size.english,
        unit: 'KiB',
        target: { text: `<= ${JOURNEY_KIB} KiB`, met: size.english <= JOURNEY_KIB },
      },
      {
        name: `whole journey in ${size.language} (the largest language), gzipped`,
        value: size.inLanguage,
        unit: 'KiB',
        target: { text: `<= ${JOURNEY_KIB} KiB`, met: size.inLanguage <= JOURNEY_KIB },
      },
      { name: `with all ${size.chunks} lazy chunks, gzipped`, value: size.withChunks, unit: 'KiB' },
      {
        name: 'import to first form, median',
        value: median(widgetTimes.toForm),
        unit: 'ms',
        baseline: { name: 'hand-written form', value: median(baseTimes.toForm) },
      },
      {
        name: 'evaluation to first form, median',
        value: median(widgetTimes.fromEvaluation),
        unit: 'ms',
        baseline: { name: 'hand-written form', value: median(baseTimes.fromEvaluation) },
        target: {
          text: `<= ${FIRST_FORM_MS} ms`,
          met: median(widgetTimes.fromEvaluation) <= FIRST_FORM_MS,
        },
      },
      {
        name: 'evaluation to the first form painted, median',
        value: median(widgetTimes.painted),
        unit: 'ms',
        baseline: { name: 'hand-written form', value: median(baseTimes.painted) },
      },
      {
        name: 'evaluation to the form with its configuration, median',
        value: median(widgetTimes.complete),
        unit: 'ms',
        baseline: { name: 'hand-written form', value: median(baseTimes.complete) },
      },
    ],
    notes: [
      'The bundle loads its chunks (translations, sender rules, the pay step, what follows a checkout (status watcher, result placement), the QR code) from the proxy, at /widget/{version}/chunks/; the static server serves the bundle alone, as a merchant copying the script does.',
      `A whole journey is a paid one in link mode: the bundle and the chunks it fetches (${JOURNEY_CHUNKS.join(', ')}), each gzipped on its own as it is downloaded, and the list of languages (locales) with the language's chunk: for English, its messages past the first view (en-later), which no other language fetches.`,
      `${LOADS} loads of each page after one warm-up, alternating, each in a fresh Chromium context (no HTTP cache), headless, from a local static server; /api/config from a real proxy (its currency list cached after the warm-up).`,
      'The page marks "import" before it fetches the bundle (a modulepreload link: fetched and compiled, not run) and "evaluating" just before import() runs it; the widget sets the mark "crypto-pay:form" when its sender form first rendered (in the DOM, not yet painted), which the page waits for with a PerformanceObserver; "painted" is the first contentful paint the browser reports (the form, on both pages: its style, layout and paint after the mark). That form is its skeleton, shown before /api/config answers (fields to type in, the total and the currencies as placeholders); the page marks "complete" once the form has the configuration (no `loading` attribute left), watched with a MutationObserver.',
      'Each page tells the runner it is done on the console, so that no script of the runner runs in the page before then.',
      'The baseline has no module: its spans are equal, the /api/config fetch plus rendering a form with innerHTML, then the same marks. "evaluation to the form with its configuration" compares like with like: running the code, fetching the configuration and rendering, by the widget or by hand; "evaluation to first form" is when the customer can start typing.',
    ],
  };
}
