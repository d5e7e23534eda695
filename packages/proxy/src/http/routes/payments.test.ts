/**
 * The back office's payment routes in process, every answer held to /openapi.json: the list's
 * new filters and its search (a prefix that begins several ids refused), the figures per UTC
 * day, a timeline's 404 and a pruned checkout's, and the clear refusals of bad parameters.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CheckoutQuery } from '../../store/store.ts';
import { callback, checkout } from '../../store/stores.test-helpers.ts';
import { adminHeaders, json, useSandboxAndProxy } from '../../testing.test-helpers.ts';
import { checkoutEvent, staleEvent } from '../../webhooks/events.ts';

const fixture = useSandboxAndProxy();
const get = (path: string) => fixture.proxy.request(path, { headers: adminHeaders });
const ids = (page: { data: { id: string }[] }) => page.data.map((found) => found.id);
const DAY = 86_400;
const amountText = (name: string) =>
  `The ${name} must be a decimal amount such as 25.00, at most 30 digits each side of its point.`;

describe('GET /admin/checkouts: filters and search', () => {
  it('narrows by detail, pricing (amount: an amount the customer chose, as checkouts say), currency, time, amount', async () => {
    const { store } = fixture.proxy;
    const t = 1_800_000_000;
    const short = checkout({ createdAt: t * 1000, statusDetail: 'underpaid', amount: '9.5' });
    const open = checkout({ createdAt: (t + 10) * 1000, pricing: 'amount', amount: '10' });
    const usd = checkout({ createdAt: (t + DAY) * 1000, currency: { iso: 'USD' }, amount: '0.10' });
    for (const row of [short, open, usd]) await store.insertCheckout(row, {});
    const list = async (query: string) => ids(await json(await get(`/admin/checkouts?${query}`)));

    assert.deepEqual(await list('detail=underpaid'), [short.id]);
    assert.deepEqual(await list('detail=none'), [usd.id, open.id]);
    assert.deepEqual(await list('pricing=amount'), [open.id]);
    assert.deepEqual(await list('currency=USD'), [usd.id]);
    assert.deepEqual(await list(`created_from=${t}&created_to=${t + 10}`), [short.id]);
    assert.deepEqual(await list('amount_min=9.50&amount_max=10.0'), [open.id, short.id]);
    assert.deepEqual(await list('amount_max=0.1'), [usd.id]);
    assert.deepEqual(await list(`q=${open.foreignId}`), [open.id]);
    assert.deepEqual(await list(`q=${open.paymentRequestId}&currency=USD`), []);
  });

  it('refuses a prefix several ids begin with, and finds a unique one with spaces in it', async () => {
    const { store } = fixture.proxy;
    const one = checkout({ id: 'QRST-uvw_xyz0123456789a' });
    const two = checkout({ id: 'QRST-uvA_xyz0123456789a' });
    for (const row of [one, two]) await store.insertCheckout(row, {});
    const refused = await get('/admin/checkouts?q=QRST-uv');
    assert.equal(refused.status, 422);
    assert.deepEqual(await json(refused), {
      error: 'More than one checkout id begins with these characters; give more of them.',
      code: 'ambiguous_prefix',
      field: 'q',
    });
    assert.deepEqual(ids(await json(await get('/admin/checkouts?q=QRST%20-uvw'))), [one.id]);
    // As a browser's form or URLSearchParams writes the spaces of the grouped reference.
    const grouped = new URLSearchParams({ q: 'QRST -uvA _xyz 0123 4567 89a' });
    assert.deepEqual(ids(await json(await get(`/admin/checkouts?${grouped}`))), [two.id]);
    assert.deepEqual(ids(await json(await get('/admin/checkouts?q=nothing-like-it'))), []);
  });

  it('refuses bad values in a sentence naming the parameter', async () => {
    for (const [query, field, text] of [
      ['detail=short', 'detail', 'The detail must be one of underpaid, late, overpaid, none.'],
      ['pricing=open', 'pricing', 'The pricing must be one of product, session, amount.'],
      ['status=paid&status=created', 'status', 'The status is given 2 times; give it once.'],
      ['currency=eur', 'currency', 'The currency must be a currency code such as EUR.'],
      [
        'created_from=yesterday',
        'created_from',
        'The created_from must be a time in Unix seconds, a whole number.',
      ],
      ['amount_min=1e3', 'amount_min', amountText('amount_min')],
      ['amount_max=-1', 'amount_max', amountText('amount_max')],
      [`amount_min=${'9'.repeat(31)}`, 'amount_min', amountText('amount_min')],
      [`amount_max=0.${'1'.repeat(31)}`, 'amount_max', amountText('amount_max')],
      [
        `q=${'x'.repeat(256)}`,
        'q',
        'The q must be at most 255 characters: a reference, not a text to search.',
      ],
      [
        'amount_min=10&amount_max=9.99',
        'amount_max',
        'The amount_max must not be below amount_min.',
      ],
      [
        'created_from=1800000000&created_to=1800000000',
        'created_to',
        'The created_to must be after created_from.',
      ],
      [
        'q=%20%20',
        'q',
        'The q must name a checkout: its id (or its first 4 characters or more), foreign_id or payment request id.',
      ],
    ]) {
      for (const route of ['/admin/checkouts', '/admin/checkouts/export']) {
        const refused = await get(`${route}?${query}`);
        assert.equal(refused.status, 422, query);
        const body = await json(refused);
        assert.equal(body.field, field, query);
        assert.equal(body.error, text, query);
        if (/_to=|amount_max=9\.99/.test(String(query))) {
          assert.equal(body.code, 'invalid_range', query);
        }
      }
    }
    // Equal ends are a range of one amount.
    assert.equal((await get('/admin/checkouts?amount_min=10&amount_max=10.00')).status, 200);
  });

  it('refuses a cursor no page gave out, rather than answering an empty page', async () => {
    const { store } = fixture.proxy;
    const kept = checkout({});
    await store.insertCheckout(kept, {});
    for (const before of ['xyz', '123', 'A'.repeat(22)]) {
      const refused = await get(`/admin/checkouts?before=${before}`);
      assert.equal(refused.status, 422, before);
      assert.deepEqual(await json(refused), {
        error: 'The before must be the next_before of an earlier page: no checkout has this id.',
        code: 'invalid_request',
        field: 'before',
      });
    }
    assert.equal((await get(`/admin/checkouts?before=${kept.id}`)).status, 200);
  });

  it('finds a foreign_id with spaces in it as written', async () => {
    const { store } = fixture.proxy;
    const spaced = checkout({ foreignId: 'order 77 b' });
    await store.insertCheckout(spaced, {});
    const query = new URLSearchParams({ q: ' order 77 b ' });
    assert.deepEqual(ids(await json(await get(`/admin/checkouts?${query}`))), [spaced.id]);
  });

  it('refuses at the edge an amount too long to compare (a session’s, as a checkout’s)', async () => {
    const refused = await fixture.proxy.request('/admin/checkout-sessions', {
      method: 'POST',
      headers: adminHeaders,
      json: { amount: `1${'0'.repeat(30)}`, currency: 'EUR', foreign_id: 'long-1' },
    });
    assert.equal(refused.status, 422);
    assert.deepEqual(await json(refused), {
      error: 'The amount must have at most 30 digits before its point and 30 after it.',
      code: 'invalid_request',
      field: 'amount',
    });
  });
});

describe('GET /admin/checkouts/export', () => {
  it('reads the store a page at a time and writes every match once, newest first', async (t) => {
    const { store } = fixture.proxy;
    const saved: string[] = [];
    // Over two pages of 200, the last one short.
    for (let index = 0; index < 450; index++) {
      const row = checkout({ id: `Export${String(index).padStart(16, '0')}` });
      await store.insertCheckout(row, {});
      saved.push(row.id);
    }
    await store.insertCheckout(checkout({ currency: { iso: 'USD' } }), {});
    // The pages the route asks the store for: never the whole list at once (the method put
    // back after the test by the mock).
    const pages: number[] = [];
    const list = store.listCheckouts.bind(store);
    t.mock.method(store, 'listCheckouts', async (query: CheckoutQuery) => {
      const page = await list(query);
      pages.push(page.length);
      assert.equal(query.limit, 200);
      return page;
    });
    // The last moment of a UTC day by the app's clock: the file is named after that day.
    fixture.proxy.clock.now = Date.UTC(2026, 0, 31, 23, 59, 59, 999);
    const answer = await get('/admin/checkouts/export?currency=EUR');
    assert.equal(answer.status, 200);
    assert.equal(
      answer.headers.get('content-disposition'),
      'attachment; filename="payments-2026-01-31.csv"',
    );
    const lines = (await answer.text()).split('\r\n');
    assert.equal(lines.at(-1), '', 'the last row ends in CRLF');
    const ids = lines.slice(1, -1).map((line) => line.split(',')[0]);
    assert.deepEqual(ids, saved.reverse());
    assert.deepEqual(pages, [200, 200, 50]);
  });
});

describe('GET /admin/checkouts/daily', () => {
  it('counts each UTC day of the range by outcome, with the share paid in exact hundredths', async () => {
    const { store } = fixture.proxy;
    const day = 20_500 * DAY;
    const at = (seconds: number) => seconds * 1000;
    for (const status of ['paid', 'paid', 'failed', 'processing'] as const) {
      await store.insertCheckout(checkout({ createdAt: at(day + 5), status }), {});
    }
    await store.insertCheckout(checkout({ createdAt: at(day + DAY - 1), status: 'expired' }), {});
    await store.insertCheckout(checkout({ createdAt: at(day + 2 * DAY), status: 'created' }), {});
    const answer = await json(await get(`/admin/checkouts/daily?from=${day}&to=${day + 3 * DAY}`));
    assert.deepEqual(answer.data, [
      {
        date: '2026-02-16',
        created: 5,
        paid: 2,
        failed: 1,
        expired: 1,
        open: 1,
        paid_share: '0.50',
      },
      {
        date: '2026-02-17',
        created: 0,
        paid: 0,
        failed: 0,
        expired: 0,
        open: 0,
        paid_share: null,
      },
      {
        date: '2026-02-18',
        created: 1,
        paid: 0,
        failed: 0,
        expired: 0,
        open: 1,
        paid_share: null,
      },
    ]);
    // The last 30 UTC days by default, today the last.
    fixture.proxy.clock.now = at(day + 3 * DAY + 60);
    const recent = await json(await get('/admin/checkouts/daily'));
    assert.equal(recent.data.length, 30);
    assert.equal(recent.data[0].date, '2026-01-21');
    assert.equal(recent.data.at(-1).date, '2026-02-19');
    assert.equal(recent.data.at(-2).created, 1);
  });

  it('refuses a range that is empty or longer than 366 days', async () => {
    for (const query of ['from=100&to=100', `from=0&to=${366 * DAY + 1}`, 'from=10&to=5']) {
      const refused = await get(`/admin/checkouts/daily?${query}`);
      assert.equal(refused.status, 422, query);
      assert.equal((await json(refused)).code, 'invalid_range');
    }
    assert.equal((await get(`/admin/checkouts/daily?from=0&to=${366 * DAY}`)).status, 200);
  });
});

describe('GET /admin/checkouts/{id}/timeline', () => {
  it('answers 404 checkout_not_found for an unknown id', async () => {
    const missing = await get('/admin/checkouts/AAAAAAAAAAAAAAAAAAAAAA/timeline');
    assert.equal(missing.status, 404);
    assert.equal((await json(missing)).code, 'checkout_not_found');
  });

  it('shows a stale checkout’s story, and once retention pruned it: created, its status now, the mark', async () => {
    const { store } = fixture.proxy;
    const stuck = checkout({ createdAt: 1_000_000, updatedAt: 1_000_000, expiresAt: 1000 });
    await store.insertCheckout(stuck, {}, checkoutEvent(stuck));
    const processing = { ...callback, objectId: stuck.paymentRequestId, status: 'processing' };
    await store.advanceCheckout(
      stuck.id,
      { status: 'processing', at: 2_000_000 },
      { ...processing, receivedAt: 2_000_000 },
      checkoutEvent,
    );
    await store.markStaleCheckouts({ now: 3_000_000, staleAfterMs: 0, limit: 10 }, staleEvent);
    const timeline = async () => json(await get(`/admin/checkouts/${stuck.id}/timeline`));

    const full = await timeline();
    assert.equal(full.checkout.stale_since, 3000);
    assert.deepEqual(
      full.data.map((entry: Record<string, unknown>) => [
        entry.kind,
        entry.at,
        entry.type ?? entry.status,
      ]),
      [
        ['created', 1000, undefined],
        ['event', 1000, 'checkout.created'],
        ['callback', 2000, 'payment_request'],
        ['status', 2000, 'processing'],
        ['event', 2000, 'checkout.processing'],
        ['event', 3000, 'checkout.stale'],
        ['stale', 3000, undefined],
      ],
    );
    assert.equal(full.data[2].outcome, 'applied');

    await store.pruneBefore(Date.now() + 86_400_000, 100);
    assert.deepEqual((await timeline()).data, [
      { kind: 'created', at: 1000 },
      { kind: 'status', at: 2000, status: 'processing' },
      { kind: 'stale', at: 3000 },
    ]);
  });

  it('tells a repeated status (duplicate) from an older one (late)', async () => {
    const { store } = fixture.proxy;
    const paid = checkout();
    await store.insertCheckout(paid, {});
    for (const [status, at] of [
      ['paid', 10_000],
      ['paid', 11_000],
      ['processing', 12_000],
    ] as const) {
      await store.advanceCheckout(
        paid.id,
        { status, at },
        { ...callback, objectId: paid.paymentRequestId, status, receivedAt: at },
      );
    }
    const answer = await json(await get(`/admin/checkouts/${paid.id}/timeline`));
    assert.deepEqual(
      answer.data
        .filter((entry: { kind: string }) => entry.kind === 'callback')
        .map((entry: Record<string, unknown>) => [entry.status, entry.outcome]),
      [
        ['paid', 'applied'],
        ['paid', 'duplicate'],
        ['processing', 'late'],
      ],
    );
  });
});
