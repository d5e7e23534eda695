// A/B of widget bundles: the same page, alternating, fresh contexts. BUNDLES=a.js,b.js N=20
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import { startStack } from '@crypto-pay/test-kit/stack';

const bundles = process.env.BUNDLES!.split(',');
const page = (proxy: string, i: number) => `<!doctype html><meta charset="utf-8"><title>widget</title>
<crypto-pay proxy="${proxy}" product="kettle"></crypto-pay>
<script type="module">
const rendered = new Promise((resolve) =>
  new PerformanceObserver((marks, observer) => {
    if (marks.getEntriesByName('crypto-pay:form').length === 0) return;
    observer.disconnect(); resolve();
  }).observe({ type: 'mark' }));
const preload = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: '/b${i}.js' });
await new Promise((resolve, reject) => { preload.onload = resolve; preload.onerror = reject; document.head.append(preload); });
performance.mark('evaluating');
await import('/b${i}.js');
await rendered;
await new Promise((resolve) => new PerformanceObserver((l, o) => { if (l.getEntriesByName('first-contentful-paint').length) { o.disconnect(); resolve(); } }).observe({ type: 'paint', buffered: true }));
console.log('bench:done');
</script>`;
const pages: Record<string, string> = {};
const server = createServer((req, res) => {
  const m = /^\/b(\d+)\.js$/.exec(req.url ?? '');
  if (m) { res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }); res.end(readFileSync(bundles[Number(m[1])]!)); return; }
  res.writeHead(200, { 'Content-Type': 'text/html' }); res.end(pages[req.url ?? ''] ?? '');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const stack = await startStack({ proxyEnv: { ALLOWED_ORIGINS: origin } });
bundles.forEach((_, i) => { pages[`/p${i}`] = page(stack.proxy.url, i); });
const browser = await launchChromium(['--headless=new']);
const N = Number(process.env.N ?? 20);
const times: number[][] = bundles.map(() => []);
const fcp: number[][] = [];
for (let n = -1; n < N; n++) for (let i = 0; i < bundles.length; i++) {
  const context = await browser.newContext();
  const p = await context.newPage();
  await Promise.all([p.goto(`${origin}/p${i}`), p.waitForEvent('console', (m) => m.text() === 'bench:done')]);
  const t = await p.evaluate(`[performance.getEntriesByName('crypto-pay:form')[0].startTime - performance.getEntriesByName('evaluating')[0].startTime, performance.getEntriesByName('first-contentful-paint')[0].startTime - performance.getEntriesByName('evaluating')[0].startTime]`) as number[];
  if (n >= 0) { times[i]!.push(t[0]!); (fcp[i] ??= []).push(t[1]!); }
  await context.close();
}
await browser.close(); await stack.stop(); server.close();
for (let i = 0; i < bundles.length; i++) { const s = times[i]!.sort((a, b) => a - b); const c = fcp[i]!.sort((a, b) => a - b); console.log('  fcp median', c[c.length >> 1]!.toFixed(1), 'p25', c[c.length >> 2]!.toFixed(1), 'p75', c[(3 * c.length) >> 2]!.toFixed(1)); console.log(bundles[i], 'form median', s[s.length >> 1]!.toFixed(1), 'p25', s[s.length >> 2]!.toFixed(1), 'p75', s[(3 * s.length) >> 2]!.toFixed(1)); }
