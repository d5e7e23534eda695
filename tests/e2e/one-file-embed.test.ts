/**
 * The script-tag file as a merchant copies it: `crypto-pay.bundled.js` alone, renamed by an
 * asset pipeline (`crypto-pay.3f9a1c2b.js`), served from a CDN's origin (127.0.0.3) to a shop's
 * page (127.0.0.2), with the proxy on a third (127.0.0.1). Its chunks come from the proxy; a
 * German customer pays all the way; a chunk that does not load says which, in
 * `crypto-pay-error`, instead of blaming the customer's connection.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import { ensureWidgetBuilt } from '@crypto-pay/test-kit/demo';
import { ROOT } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { chunkName, JOURNEY_CHUNKS, LANGUAGE_CHUNKS } from '@crypto-pay/test-kit/widget-journey';
import type { Browser, Page } from 'playwright-core';
import { fillDateOfBirth, person, playOutcome, visible, widgetOf } from './support.ts';

const HASHED = 'crypto-pay.3f9a1c2b.js';
const { version } = JSON.parse(readFileSync(join(ROOT, 'packages/widget/package.json'), 'utf8'));

/** Serves `files` (path → body and type) on a loopback address other than 127.0.0.1. */
function serve(
  host: string,
  files: Record<string, [body: string | Buffer, type: string]>,
): Promise<Server> {
  const server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://host').pathname];
    // A CDN answers module scripts to any page (they are fetched in CORS mode).
    if (!file) response.writeHead(404).end();
    else
      response
        .writeHead(200, { 'Content-Type': file[1], 'Access-Control-Allow-Origin': '*' })
        .end(file[0]);
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve(server)));
}

const origin = (server: Server, host: string) =>
  `http://${host}:${(server.address() as AddressInfo).port}`;

let cdn: Server;
let shop: Server;
let shopUrl: string;
let stack: Stack;
let browser: Browser;

before(async () => {
  ensureWidgetBuilt(false);
  // Copied alone, under another name, to another origin: nothing of dist/ beside it.
  cdn = await serve('127.0.0.3', {
    [`/assets/${HASHED}`]: [
      readFileSync(join(ROOT, 'packages/widget/dist/crypto-pay.bundled.js')),
      'text/javascript',
    ],
  });
  const script = `${origin(cdn, '127.0.0.3')}/assets/${HASHED}`;
  const files: Record<string, [string, string]> = {};
  shop = await serve('127.0.0.2', files);
  shopUrl = origin(shop, '127.0.0.2');
  stack = await startStack({
    proxyEnv: { ALLOWED_ORIGINS: shopUrl, RATE_LIMIT_CHECKOUTS_PER_MINUTE: '100000' },
  });
  const page = (lang: string) => `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><title>Shop</title>
<script src="/shop.js"></script><script type="module" src="${script}"></script></head>
<body><main><crypto-pay proxy="${stack.proxy.url}" product="kettle"></crypto-pay></main></body></html>`;
  files['/de.html'] = [page('de'), 'text/html'];
  files['/en.html'] = [page('en'), 'text/html'];
  // What the page heard; it stays on its own success view to be read.
  files['/shop.js'] = [
    `window.heard = [];
for (const type of ['crypto-pay-error', 'crypto-pay-success'])
  document.addEventListener(type, (event) => {
    window.heard.push({ type, ...event.detail });
    if (type === 'crypto-pay-success') event.preventDefault();
  });`,
    'text/javascript',
  ];
  browser = await launchChromium(['--disable-quic']);
});

after(async () => {
  await browser?.close();
  await stack?.stop();
  cdn?.close();
  shop?.close();
});

type Heard = { type: string; code?: string; message?: string }[];
const heard = (page: Page) => page.evaluate(() => (window as unknown as { heard: Heard }).heard);

describe('crypto-pay.bundled.js copied alone, renamed, from another origin', () => {
  it('takes a German customer from the form to a completed payment', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(`${shopUrl}/de.html`);
    const widget = widgetOf(page);

    await visible(widget.getByRole('heading', { name: 'Ihre Angaben' }));
    await widget.getByLabel('Vorname').fill(person.firstName);
    await widget.getByLabel('Nachname').fill(person.lastName);
    await fillDateOfBirth(widget, person.dateOfBirth, 'Geburtsdatum');
    await widget.getByRole('radio', { name: 'BTC über Bitcoin' }).check();
    await widget.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
    await visible(widget.getByRole('heading', { name: 'Bezahlen' }));
    await visible(widget.getByRole('img', { name: /QR/ }));

    const link = widget.getByRole('link', { name: /Zahlungsseite öffnen/ });
    const [paymentPage] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await playOutcome(paymentPage, 'paid');
    await visible(widget.getByRole('heading', { name: 'Zahlung abgeschlossen' }));

    assert.deepEqual(
      (await heard(page)).map(({ type }) => type),
      ['crypto-pay-success'],
    );
    assert.deepEqual(problems, []);
    // Every part came from the proxy, at the widget's version; nothing else from the CDN. They
    // are the journey's chunks the bench counts (tests/bench/widget.ts), no more, no fewer.
    const parts = `${stack.proxy.url}/widget/${version}/chunks/`;
    const fetched = requested.filter((url) => url.startsWith(parts)).map(chunkName);
    assert.deepEqual(
      [...new Set(fetched)].sort(),
      [...JOURNEY_CHUNKS, ...LANGUAGE_CHUNKS('de')].sort(),
      `the chunks fetched from ${parts}`,
    );
    assert.deepEqual(
      requested.filter((url) => url.startsWith(origin(cdn, '127.0.0.3'))),
      [`${origin(cdn, '127.0.0.3')}/assets/${HASHED}`],
    );
    await context.close();
  });

  it('names the part that did not load in crypto-pay-error, not the connection', async () => {
    const context = await browser.newContext();
    // The proxy cannot serve the sender rules (a proxy of another version, a broken deploy).
    await context.route('**/widget/*/chunks/sender-rules.bundled-*', (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    );
    const page = await context.newPage();
    await page.goto(`${shopUrl}/en.html`);
    const widget = widgetOf(page);
    await widget.getByLabel('First name').fill(person.firstName);
    await widget.getByLabel('Last name').fill(person.lastName);
    // The date of birth's fields come with the rules: without them, its placeholder.
    await widget.getByRole('button', { name: 'Continue to payment' }).click();

    await visible(widget.getByText('The payment service is not answering right now.'));
    assert.equal(await widget.getByRole('group', { name: 'Date of birth' }).count(), 0);
    assert.equal(await widget.getByText(/Check your connection/).count(), 0);
    const errors = await heard(page);
    // Once as the form fetched its rules, once more on Continue.
    assert.equal(errors.length, 2);
    for (const error of errors) {
      assert.equal(error.code, 'part_unavailable');
      assert.match(
        error.message ?? '',
        new RegExp(
          `^Could not load ${stack.proxy.url}/widget/${version}/chunks/sender-rules\\.bundled-[\\w-]+\\.js$`,
        ),
      );
    }
    await context.close();
  });
});
