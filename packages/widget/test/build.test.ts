/**
 * Tests of the built files (`pnpm test` builds first): the size budget, what the default
 * bundle leaves out, and the bundled element running under a strict Content-Security-Policy.
 */

import { customerErrors } from '@crypto-pay/protocol/customer-errors';
import { expect, oneEvent } from '@open-wc/testing';
import type CryptoPay from '../src/components/crypto-pay/crypto-pay.component.ts';
import type SenderForm from '../src/components/sender-form/sender-form.component.ts';
import { SUPPORTED_LOCALES } from '../src/localize/locales.ts';
import { fakeProxy, framedPage, waitUntil } from './helpers.ts';
import { builtLanguageFiles } from './translations.ts';

/**
 * The size budget of `crypto-pay.bundled.js` (English included), gzipped. Issue 32 asks for
 * 18 KiB: 18,368 bytes met it (level 9) until the status event went back into the first paint
 * (the page hears a status before redirect mode leaves), 18,458; short names for Lit's internal
 * and our own members, and the create's price with the rules' chunk, took it to 18,192. Telling
 * the shop's setup mistakes from the customer's connection must work when no chunk can load
 * (the script-tag build fetches them from the unreachable proxy), so it sits here: 18,584, and
 * 18,635 with what came after; the guard held 18.25 KiB meanwhile. The form's typed fields
 * without Lit's `live`, the open amount's setup refusal worded in the rules' chunk, the created
 * checkout saved and told there too, and ten more short member names took it to 18,314: 18 KiB
 * again, as `pnpm bench widget` checks. With English's later messages in a chunk of their own
 * and the sender rules apart from their English sentences: 18,310. V8's compile hint on the
 * first line, 22 bytes, and Lit's `nothing` for `ifDefined`: 18,424. English's list of
 * languages asked for after the first form: 18,430 (18,432 with the rules' chunk's new names).
 */
const BUDGET_BYTES = 18 * 1024;

async function gzippedSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function source(path: string): Promise<string> {
  const response = await fetch(path);
  expect(response.status, `${path} is missing: run the build`).to.equal(200);
  return response.text();
}

/** The chunks a built file asks for, by their path in dist/ (the bundle names them alone). */
const chunksOf = (code: string) =>
  [...code.matchAll(/["']([\w-]+\.bundled-[\w-]+\.js)["']/g)].map((match) => `chunks/${match[1]}`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

describe('the build', () => {
  it(`keeps crypto-pay.bundled.js with English within ${kb(BUDGET_BYTES)} gzipped`, async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    const size = await gzippedSize(main);
    const chunks = chunksOf(main);
    const lines = [`crypto-pay.bundled.js: ${kb(size)} gzipped (budget ${kb(BUDGET_BYTES)})`];
    for (const chunk of chunks) {
      lines.push(`  ${chunk}: ${kb(await gzippedSize(await source(`/built/${chunk}`)))} gzipped`);
    }
    console.log(lines.join('\n'));
    expect(size, `crypto-pay.bundled.js is ${kb(size)} gzipped`).to.be.at.most(BUDGET_BYTES);
  });

  it('gives Lit’s internal members short names in the bundle, and keeps the names another Lit may read', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    // `_$AH` and the like: Lit's own, touched only by the copy of Lit in the bundle.
    expect(main).to.not.match(/_\$[A-Z][A-Za-z_]?\b/);
    for (const name of ['_$litType$', '_$litDirective$', '_$cssResult$']) {
      expect(main, name).to.contain(name);
    }
    // Our private members too (build/minify.ts); the bundler build, whose Lit is the host's,
    // keeps every name.
    expect(main).to.not.match(/\.(shownView|submitWaiting|waitLoading)\b/);
    expect(await source('/built/crypto-pay.js')).to.match(/\.shownView\b/);
  });

  it('starts each entry with V8’s compile hint, which a chunk or a comment stripped would lose', async () => {
    // Chromium reads the magic comment only on the file's first line: every function is then
    // compiled as the file streams in, before the element draws (BENCHMARKS.md, "compile hint").
    for (const entry of ['crypto-pay.bundled.js', 'crypto-pay.js']) {
      const [first] = (await source(`/built/${entry}`)).split('\n', 1);
      expect(first, entry).to.equal('//# allFunctionsCalledOnLoad');
    }
  });

  it('bundles English only; the others, and the list of them, are chunks loaded on demand', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    expect(main).to.contain('Your details');
    for (const phrase of [
      'Ihre Angaben',
      'Sus datos',
      'Vos informations',
      'بياناتك',
      '付款人信息',
    ]) {
      expect(main).to.not.contain(phrase);
    }
    // The first paint holds no locale's name: fifty of them would cost it bytes.
    expect(main).to.not.match(/\/(de|zh-Hant)\.bundled-/);
    const [locales] = chunksOf(main).filter((chunk) => chunk.includes('/locales.bundled-'));
    expect(locales, 'no locales chunk').to.be.a('string');
    // The bundle's chunks name each other by file name alone: the proxy serves them from one
    // folder. The languages' are in one table of `code:hash` pairs (build/locale-table.ts).
    const files = builtLanguageFiles(await source(`/built/${locales}`));
    expect([...files.keys()]).to.deep.equal(SUPPORTED_LOCALES.filter((code) => code !== 'en'));
    for (const file of files.values()) await source(`/built/chunks/${file}`);
  });

  it('asks for English’s later messages once the first form has rendered, not while it renders', async () => {
    const proxy = await fakeProxy();
    const { frame, untilForm } = await framedPage(proxy.url);
    await untilForm();
    const timing = (frame.contentWindow as Window).performance;
    const asked = () =>
      timing.getEntriesByType('resource').find((entry) => entry.name.includes('/locales.bundled-'));
    await waitUntil(asked, 'the list of languages was never asked for');
    const [form] = timing.getEntriesByName('crypto-pay:form', 'mark');
    expect(asked()!.startTime).to.be.greaterThan(form!.startTime);
  });

  it('leaves the pay step’s panel to a chunk fetched while the checkout is created', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    const [panel] = chunksOf(main).filter((chunk) => chunk.includes('/payment-panel.bundled-'));
    expect(panel, 'no payment-panel chunk').to.be.a('string');
    const defines = /customElements\.define\("crypto-pay-payment-panel"/;
    expect(main).to.not.match(defines);
    expect(await source(`/built/${panel}`)).to.match(defines);
  });

  it('leaves what follows a checkout (status watcher, its ending, the result’s tab) to one chunk', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    const [following] = chunksOf(main).filter((chunk) =>
      chunk.includes('/checkout-following.bundled-'),
    );
    expect(following, 'no checkout-following chunk').to.be.a('string');
    const chunk = await source(`/built/${following}`);
    // The watcher's stream, the tabs' channel, and the check that a result address is elsewhere.
    for (const marker of [
      'new EventSource(',
      '"crypto-pay:result-tabs"',
      'searchParams.delete("checkout")',
    ]) {
      expect(main, marker).to.not.contain(marker);
      expect(chunk, marker).to.contain(marker);
    }
  });

  it('leaves a checkout’s reads to that chunk, and its create to the form’s rules', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    const chunk = async (name: string) => {
      const [file] = chunksOf(main).filter((path) => path.includes(`/${name}.bundled-`));
      expect(file, `no ${name} chunk`).to.be.a('string');
      return source(`/built/${file}`);
    };
    // A status read's ETag, and the create's key: neither is of any use to the first form.
    const following = await chunk('checkout-following');
    expect(main).to.not.contain('"if-none-match"');
    expect(following).to.contain('"if-none-match"');
    const rules = await chunk('sender-rules');
    expect(main).to.not.contain('"idempotency-key"');
    expect(rules).to.contain('"idempotency-key"');
  });

  it('offers "Try again" at once where the countdown’s chunk cannot load, and the page hears which', async () => {
    const proxy = await fakeProxy({ missingParts: ['retry-wait'] });
    await fetch(`${proxy.url}/_control/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        route: 'create',
        status: 429,
        body: { error: 'Wait.', code: 'rate_limited' },
        headers: { 'Retry-After': '30' },
      }),
    });
    const { el, untilForm, submitDetails } = await framedPage(proxy.url);
    await untilForm();
    const heard: string[] = [];
    el()?.addEventListener('crypto-pay-error', (event) => {
      heard.push(`${(event as CustomEvent<{ message: string }>).detail.message}`);
    });
    await submitDetails();
    const retry = () =>
      el()?.shadowRoot?.querySelector<HTMLButtonElement>('[part="primary-button"]');
    await waitUntil(() => retry()?.disabled === false, 'the retry was never offered');
    expect(retry()?.textContent?.trim()).to.equal('Try again');
    expect(heard.some((message) => /\/chunks\/retry-wait\.bundled-/.test(message))).to.equal(true);
    // Pressed, it sends the create again: the proxy decides whether it was too soon.
    retry()?.click();
    await waitUntil(async () => (await proxy.requests('/api/checkouts', 'POST')).length === 2);
  });

  it('offers "Try again" once the wait asked for ended where the countdown’s chunk stalls', async () => {
    const proxy = await fakeProxy({ hangingParts: ['retry-wait'] });
    await fetch(`${proxy.url}/_control/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        route: 'create',
        status: 429,
        body: { error: 'Wait.', code: 'rate_limited' },
        headers: { 'Retry-After': '1' },
      }),
    });
    const { el, untilForm, submitDetails } = await framedPage(proxy.url);
    await untilForm();
    await submitDetails();
    const retry = () =>
      el()?.shadowRoot?.querySelector<HTMLButtonElement>('[part="primary-button"]');
    // Held back while the chunk is asked for (a screen reader hears it unavailable)…
    await waitUntil(() => retry()?.disabled === true, 'no held "Try again"');
    // …and offered once the second the proxy asked for is over, the chunk still on its way.
    await waitUntil(() => retry()?.disabled === false, 'the retry was never offered');
    retry()?.click();
    await waitUntil(async () => (await proxy.requests('/api/checkouts', 'POST')).length === 2);
  });

  it('tells the page a checkout’s status before redirect mode leaves, the following chunk missing', async () => {
    // Each step waits for the event that ends it: the page's load (the configuration held back
    // meanwhile, so the form cannot be there before the listeners are), `crypto-pay-ready`, the
    // renders, and the page leaving.
    const proxy = await fakeProxy({ missingParts: ['checkout-following'], holdConfig: true });
    const { frame, loaded, submitDetails } = await framedPage(proxy.url, { mode: 'redirect' });
    await loaded;
    const el = frame.contentDocument?.querySelector('crypto-pay') as CryptoPay;
    const ready = oneEvent(el, 'crypto-pay-ready');
    await proxy.releaseConfig();
    await ready;
    await el.updateComplete;
    const form = el.shadowRoot?.querySelector<SenderForm>('crypto-pay-sender-form');
    await form?.updateComplete;
    expect(form?.hasAttribute('loading'), 'the form still loads').to.equal(false);
    const heard: string[] = [];
    for (const name of ['crypto-pay-created', 'crypto-pay-status']) {
      el.addEventListener(name, (event) => {
        heard.push(`${name} ${(event as CustomEvent<{ status?: string }>).detail.status ?? ''}`);
      });
    }
    const left = oneEvent(frame.contentWindow as Window, 'pagehide').then(() => heard.push('left'));
    await submitDetails();
    await left;
    expect(heard).to.deep.equal(['crypto-pay-created ', 'crypto-pay-status created', 'left']);
  });

  it('names no file by address in crypto-pay.bundled.js or its chunks, so it can be copied alone', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    // A static import, or an import() of a written path: the loader's own takes an address. (A
    // bare import starts a statement: Catalan's "Un altre import" ends a message.)
    const byAddress =
      /\bfrom\s*["'][^"']*["']|\bimport\s*\(\s*["'][^"']*["']|(?:^|[;}])\s*import\s*["'][^"']*["']/;
    expect(byAddress.exec(main)?.[0], 'crypto-pay.bundled.js').to.equal(undefined);
    expect(main).to.contain('Symbol.for("crypto-pay")');
    const chunks = new Set(chunksOf(main));
    for (const chunk of [...chunks]) {
      const code = await source(`/built/${chunk}`);
      for (const next of chunksOf(code)) chunks.add(next);
      for (const file of builtLanguageFiles(code).values()) chunks.add(`chunks/${file}`);
    }
    expect(chunks.size, 'chunks found').to.be.greaterThan(20);
    for (const chunk of chunks) {
      expect(byAddress.exec(await source(`/built/${chunk}`))?.[0], chunk).to.equal(undefined);
    }
  });

  it('ships none of the spec’s English sentences of the sender rules, in the bundle or any chunk', async () => {
    // The form names the rules broken and words them in the customer's language: the spec's
    // sentences (the proxy's and the sandbox's) would only weigh on every language's journey.
    const sentences = [
      ...Object.values(customerErrors).map((entry) => entry.message),
      'The date_of_birth must be provided for sender_type = natural.',
      'The date_of_birth must be a day from 1900-01-01 to today.',
      'must be provided',
      '255 characters or less',
    ];
    // Every file reached from either entry: the bundle's chunks, and the ES module build's, which
    // name each other by relative path.
    const files = new Set(['crypto-pay.bundled.js', 'crypto-pay.js']);
    for (const file of files) {
      const code = await source(`/built/${file}`);
      for (const chunk of chunksOf(code)) files.add(chunk);
      const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
      for (const [, path] of code.matchAll(/["']\.\/((?:chunks\/)?[\w-]+\.js)["']/g)) {
        files.add(`${dir}${path}`);
      }
      for (const sentence of sentences)
        expect(code, `${file}: ${sentence}`).to.not.contain(sentence);
    }
    expect([...files].filter((file) => file.includes('sender-rules'))).to.have.length(2);
  });

  it('leaves under its symbol every binding a chunk reads of it, the page’s event classes too', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    await import(/* @vite-ignore */ `${location.origin}/built/crypto-pay.bundled.js`);
    const shared = (globalThis as Record<symbol, Record<string, unknown>>)[
      Symbol.for('crypto-pay')
    ];
    expect(shared, 'nothing under the symbol').to.be.an('object');
    for (const chunk of chunksOf(main)) {
      const code = await source(`/built/${chunk}`);
      // A chunk reads what it takes at its top: `const{A:x,CryptoPayReadyEvent:y}=globalThis[…]`,
      // or `…,{A:x}=globalThis[…]` where Terser joined it to the declaration before.
      const reads = [...code.matchAll(/\{([^{}]*)\}=globalThis\[Symbol\.for\("crypto-pay"\)\]/g)];
      const uses = code.split('globalThis[Symbol.for("crypto-pay")]').length - 1;
      expect(reads.length, `${chunk}: every read of the page's bindings checked`).to.equal(uses);
      for (const [, pairs] of reads) {
        for (const name of (pairs ?? '').split(',').map((pair) => pair.split(':')[0] ?? '')) {
          expect(shared?.[name], `${chunk} reads ${name}`).to.not.equal(undefined);
        }
      }
    }
  });

  it('leaves Lit to the host’s bundler in crypto-pay.js', async () => {
    const main = await source('/built/crypto-pay.js');
    expect(main).to.match(/from\s*"lit"/);
    expect(main).to.not.contain('adoptedStyleSheets');
  });

  it('never ships a secret or a way to evaluate code', async () => {
    const main = await source('/built/crypto-pay.bundled.js');
    expect(main).to.not.match(/\beval\(|new Function\(/);
    expect(main.toLowerCase()).to.not.contain('signing_secret');
  });

  it('runs under a strict Content-Security-Policy with no violation', async () => {
    const proxy = await fakeProxy();
    const { frame, el, heading, untilForm, submitDetails } = await framedPage(proxy.url);
    const win = () => frame.contentWindow as (Window & { violations?: string[] }) | null;
    await waitUntil(() => heading() === 'Your details', 'the element never rendered');
    await untilForm();
    await submitDetails();
    await waitUntil(() => heading() === 'Pay', 'the pay step never came');
    const panelRoot = () => el()?.shadowRoot?.querySelector('crypto-pay-payment-panel')?.shadowRoot;
    await waitUntil(() => panelRoot()?.querySelector('[part="qr"] path'), 'no QR code');
    expect(win()?.violations).to.deep.equal([]);
    const styles = getComputedStyle(el()?.shadowRoot?.querySelector('[part="base"]') as Element);
    expect(styles.borderTopStyle, 'styles were applied').to.equal('solid');
  });
});
