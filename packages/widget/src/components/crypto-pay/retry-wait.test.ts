import { expect } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from './crypto-pay.component.ts';

const RATE_LIMITED = 'Too many attempts. Wait a moment and try again.';
const UNAVAILABLE = 'The payment service is not answering right now. Try again in a moment.';

/** Answers the next call of a route with an error and these headers (e.g. `Retry-After`). */
async function failWith(
  proxy: kit.FakeProxy,
  route: 'config' | 'create',
  status: number,
  code: string,
  headers: Record<string, string> = {},
): Promise<void> {
  await fetch(`${proxy.url}/_control/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ route, status, body: { error: 'Wait.', code }, headers }),
  });
}

const retryButton = (el: CryptoPay) =>
  kit.result(el)?.querySelector<HTMLButtonElement>('[part="primary-button"]') ?? null;
const label = (el: CryptoPay) => retryButton(el)?.textContent?.trim() ?? '';
const liveRegion = (el: CryptoPay) =>
  kit.result(el)?.querySelector<HTMLElement>('[aria-live="polite"]') ?? null;
const said = (el: CryptoPay) => liveRegion(el)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** Counts the element's update requests, which its countdown makes once a second. */
function countUpdates(el: CryptoPay): () => number {
  let count = 0;
  const original = el.requestUpdate.bind(el);
  el.requestUpdate = (...args: Parameters<CryptoPay['requestUpdate']>) => {
    count += 1;
    original(...args);
  };
  return () => count;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The countdown shows once its chunk is there (the button is held back until then). */
async function untilCounting(el: CryptoPay): Promise<void> {
  await kit.waitUntil(() => / in /.test(label(el)), 'the countdown never showed');
}

async function untilReady(el: CryptoPay): Promise<void> {
  await kit.waitUntil(() => retryButton(el)?.disabled === false, 'the retry never became active');
}

async function rateLimitedCreate(headers: Record<string, string>) {
  const proxy = await kit.fakeProxy();
  await failWith(proxy, 'create', 429, 'rate_limited', headers);
  const el = await kit.details(proxy);
  await kit.fillPerson(el);
  kit.submitButton(el).click();
  await kit.untilText(el, RATE_LIMITED);
  if (headers['Retry-After'] && headers['Retry-After'] !== 'soon') await untilCounting(el);
  return { proxy, el };
}

describe('<crypto-pay> waiting as the proxy asks (Retry-After)', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('offers "Try again" after a refusal only when the proxy asks to retry (409 in progress)', async () => {
    const proxy = await kit.fakeProxy();
    await failWith(proxy, 'create', 409, 'idempotency_in_progress', { 'Retry-After': '1' });
    const el = await kit.details(proxy);
    await kit.fillPerson(el);
    kit.submitButton(el).click();
    await kit.untilText(el, 'The payment could not be created.');
    await untilReady(el);
    retryButton(el)!.click();
    await kit.untilPayStep(el);
    const [first, second] = await proxy.requests('/api/checkouts', 'POST');
    expect(second?.headers['idempotency-key']).to.equal(first?.headers['idempotency-key']);
  });

  it('holds "Try again" back while a 429 asks to wait, counting down, then lets the customer retry', async () => {
    const { proxy, el } = await rateLimitedCreate({ 'Retry-After': '2' });
    expect(retryButton(el)?.disabled).to.equal(true);
    expect(label(el)).to.match(/^Try again in [12] sec$/);
    // Said once, in full words; the counting button is outside the live region.
    expect(said(el)).to.contain('You can try again in 2 seconds.');
    expect(liveRegion(el)?.contains(retryButton(el))).to.equal(false);

    const labels = new Set<string>();
    const announcements = new Set<string>();
    await kit.waitUntil(
      () => {
        if (retryButton(el)?.disabled === false) return true;
        labels.add(label(el));
        announcements.add(said(el));
        return false;
      },
      'the retry never became active',
      { interval: 50 },
    );
    expect([...labels].at(-1)).to.equal('Try again in 1 sec');
    expect([...announcements]).to.have.length(1);
    expect(label(el)).to.equal('Try again');
    expect(said(el)).to.equal(RATE_LIMITED);
    // Nothing was sent again by itself: the customer decides.
    expect((await proxy.requests('/api/checkouts', 'POST')).length).to.equal(1);

    retryButton(el)?.click();
    await kit.untilPayStep(el);
    const creates = await proxy.requests('/api/checkouts', 'POST');
    expect(creates.map((create) => create.status)).to.deep.equal([429, 201]);
    expect(creates[1]?.headers['idempotency-key']).to.equal(creates[0]?.headers['idempotency-key']);
  });

  it('is accessible while waiting, and a press of the waiting button sends nothing', async () => {
    const { proxy, el } = await rateLimitedCreate({ 'Retry-After': '30' });
    expect(label(el)).to.match(/^Try again in (30|29) sec$/);
    await expect(el).to.be.accessible();
    retryButton(el)?.click();
    await sleep(300);
    expect((await proxy.requests('/api/checkouts', 'POST')).length).to.equal(1);
    expect(retryButton(el)?.disabled).to.equal(true);
  });

  it('offers "Try again" at once on a 429 without Retry-After, as before', async () => {
    const { el } = await rateLimitedCreate({});
    expect(retryButton(el)?.disabled).to.equal(false);
    expect(label(el)).to.equal('Try again');
    expect(said(el)).to.equal(RATE_LIMITED);
  });

  it('ignores a Retry-After it cannot read', async () => {
    const { el } = await rateLimitedCreate({ 'Retry-After': 'soon' });
    expect(retryButton(el)?.disabled).to.equal(false);
    expect(label(el)).to.equal('Try again');
  });

  it('understands an HTTP-date, here on a 503 while loading', async () => {
    const proxy = await kit.fakeProxy();
    const at = new Date(Date.now() + 3000).toUTCString();
    await failWith(proxy, 'config', 503, 'upstream_unavailable', { 'Retry-After': at });
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
    await kit.untilText(el, UNAVAILABLE);
    expect(retryButton(el)?.disabled).to.equal(true);
    await untilCounting(el);
    expect(label(el)).to.match(/^Try again in [1-3] sec$/);
    await untilReady(el);
    retryButton(el)?.click();
    await kit.untilHeading(el, 'Your details');
  });

  it('speaks the customer’s language, with its plural forms', async () => {
    const proxy = await kit.fakeProxy();
    await failWith(proxy, 'config', 429, 'rate_limited', { 'Retry-After': '2' });
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'de' });
    await kit.untilText(el, 'Zu viele Versuche.');
    await kit.waitUntil(() => / in /.test(label(el)), 'the countdown never showed');
    expect(label(el)).to.match(/^Erneut versuchen in [12] Sek\.$/);
    expect(said(el)).to.contain('Sie können es in 2 Sekunden erneut versuchen.');
  });

  it('stops counting while the element is out of the page, and shows the time left on return', async () => {
    const proxy = await kit.fakeProxy();
    await failWith(proxy, 'config', 429, 'rate_limited', { 'Retry-After': '3' });
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
    await kit.untilText(el, RATE_LIMITED);
    await untilCounting(el);
    const before = label(el);
    expect(before).to.match(/^Try again in [23] sec$/);
    const updates = countUpdates(el);
    const parent = el.parentElement as HTMLElement;
    el.remove();
    await sleep(1500);
    expect(updates()).to.equal(0);
    expect(label(el)).to.equal(before);
    parent.append(el);
    await kit.waitUntil(() => label(el) !== before, 'the time left was not shown again');
    await untilReady(el);
  });

  it('stops counting when the customer goes back to the form', async () => {
    const { el } = await rateLimitedCreate({ 'Retry-After': '3' });
    const back = kit.result(el)?.querySelector<HTMLButtonElement>('[part="secondary-button"]');
    back?.click();
    await kit.untilHeading(el, 'Your details');
    await el.updateComplete;
    const updates = countUpdates(el);
    await sleep(1500);
    expect(updates()).to.equal(0);
  });
});
