/**
 * The back office's payment routes over HTTP on a served proxy: a checkout paid short through
 * the sandbox, then found by its grouped reference, exported as CSV (parsed back, RFC 4180),
 * and its timeline read with the callback, status, events and webhook delivery attempts.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send, sendJson } from '@crypto-pay/test-kit/http';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { createLogger } from '../../process/logger.ts';
import {
  adminHeaders,
  driverOf,
  FORBIDDEN,
  sandboxControl,
  seen,
  useServedProxy,
} from '../../testing.test-helpers.ts';

const WEBHOOK_SECRET = `whsec_${Buffer.from('payments-http-test-secret-32bytes').toString('base64')}`;

/** RFC 4180 read back strictly: quoted cells, doubled quotes, CRLF rows; throws on anything else. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let at = 0;
  while (at < text.length) {
    let cell = '';
    if (text[at] === '"') {
      for (at++; ; at++) {
        if (at >= text.length) throw new Error('unterminated quoted cell');
        if (text[at] === '"' && text[at + 1] === '"') {
          cell += '"';
          at++;
        } else if (text[at] === '"') {
          at++;
          break;
        } else cell += text[at];
      }
    } else {
      while (at < text.length && !/[,\r\n"]/.test(text[at]!)) cell += text[at++];
      if (text[at] === '"') throw new Error(`a quote inside an unquoted cell at ${at}`);
    }
    row.push(cell);
    if (text[at] === ',') at++;
    else if (text.startsWith('\r\n', at)) {
      rows.push(row);
      row = [];
      at += 2;
    } else throw new Error(`expected , or CRLF at ${at}`);
  }
  if (row.length > 0) throw new Error('the last row has no line end');
  return rows;
}

let receiver: WebhookReceiver;
const served = useServedProxy({ log: createLogger((line) => seen.push(line)) }, async () => {
  receiver = await startWebhookReceiver(WEBHOOK_SECRET);
  return { webhook: { url: receiver.url, secret: WEBHOOK_SECRET } };
});
after(() => receiver?.close());

/** A merchant API GET over HTTP; the answer goes to the leak scan. */
async function get(path: string) {
  const answer = await send(`${served.proxy.url}${path}`, { headers: adminHeaders });
  seen.push(answer.text);
  return answer;
}

describe('payments over HTTP', () => {
  let id: string;

  before(async () => {
    const wired = await sandboxControl(served.sandbox, '/merchant', {
      callback_url: `${served.proxy.url}/callbacks/processing`,
    });
    assert.equal(wired.status, 200);
    const checkout = await createdCheckout(served.proxy.url);
    id = checkout.id;
    const request = await paymentRequestOf(driverOf(served.sandbox), checkout);
    const simulated = await driverOf(served.sandbox).control(
      `/payment-requests/${request.id}/simulate`,
      { outcome: 'underpaid' },
    );
    assert.equal(simulated.status, 200, simulated.text);
  });

  it('finds the checkout by its reference grouped in fours, as the customer reads it', async () => {
    const grouped = id.match(/.{1,4}/g)!.join(' ');
    const found = await get(`/admin/checkouts?q=${encodeURIComponent(` ${grouped} `)}`);
    assert.equal(found.status, 200);
    assert.deepEqual(
      (found.json as { data: { id: string }[] }).data.map((checkout) => checkout.id),
      [id],
    );
  });

  it('tells the checkout’s story oldest first, webhook deliveries included', async () => {
    type Entry = Record<string, unknown> & { kind: string; at: number };
    const entries = await eventually(async () => {
      const answer = await get(`/admin/checkouts/${id}/timeline`);
      const body = answer.json as { checkout: { id: string }; data: Entry[] };
      const failed = body.data.find((entry) => entry.type === 'checkout.failed');
      const sent = body.data.some(
        (entry) => entry.kind === 'delivery_attempt' && entry.event_id === failed?.event_id,
      );
      return sent && body.checkout.id === id && body.data;
    }, 'the checkout.failed event delivered and logged');

    assert.deepEqual(entries[0], { kind: 'created', at: entries[0]!.at });
    for (const [index, entry] of entries.entries()) {
      assert.ok(index === 0 || entry.at >= entries[index - 1]!.at, 'oldest first');
    }
    const callback = entries.find(
      (entry) => entry.kind === 'callback' && entry.status === 'failed',
    );
    assert.equal(callback?.outcome, 'applied');
    assert.equal(callback?.type, 'payment_request');
    const status = entries.find((entry) => entry.kind === 'status' && entry.status === 'failed');
    assert.equal(status?.detail, 'underpaid');
    const events = entries.filter((entry) => entry.kind === 'event').map((entry) => entry.type);
    assert.deepEqual([events[0], events.at(-1)], ['checkout.created', 'checkout.failed']);
    const attempts = entries.filter((entry) => entry.kind === 'delivery_attempt');
    assert.ok(attempts.length >= 2);
    for (const attempt of attempts) {
      assert.equal(attempt.endpoint_id, 'env');
      assert.equal(attempt.endpoint_url, receiver.url);
      assert.equal(attempt.status_code, 204, 'what the receiver answered');
      assert.equal(typeof attempt.duration_ms, 'number');
    }
    // The status change comes after the callback that made it, the event after both.
    const place = (entry: Entry | undefined) => entries.indexOf(entry!);
    const failedEvent = entries.find((entry) => entry.type === 'checkout.failed');
    assert.ok(place(callback) < place(status) && place(status) < place(failedEvent));
  });

  it('exports the filtered list as CSV: quoted as RFC 4180, formulas defused', async () => {
    // A foreign_id a spreadsheet would run, with a comma and quotes, pinned by a session.
    const foreignId = '=HYPERLINK("https://evil.example","x"),1';
    const session = await sendJson(
      `${served.proxy.url}/admin/checkout-sessions`,
      { amount: '19.99', currency: 'EUR', foreign_id: foreignId },
      { headers: adminHeaders },
    );
    assert.equal(session.status, 201, session.text);
    const pinned = await createdCheckout(served.proxy.url, {
      product: undefined,
      session: (session.json as { session: string }).session,
    });

    const answer = await get('/admin/checkouts/export?amount_min=19.990&amount_max=19.99');
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'text/csv; charset=utf-8');
    // The date is the app clock's (payments.test.ts sets it): here, any day's.
    assert.match(
      String(answer.headers['content-disposition']),
      /^attachment; filename="payments-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header, ...rows] = parseCsv(answer.text);
    assert.deepEqual(header?.slice(0, 6), [
      'id',
      'created_at',
      'status',
      'detail',
      'amount',
      'currency',
    ]);
    assert.equal(rows.length, 1);
    const row = Object.fromEntries(header!.map((name, index) => [name, rows[0]![index]]));
    assert.equal(row.id, pinned.id.startsWith('-') ? `'${pinned.id}` : pinned.id);
    assert.equal(row.foreign_id, `'${foreignId}`);
    assert.equal(row.amount, '19.99');
    assert.equal(row.pricing, 'session');
    assert.match(row.created_at!, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // The list's filters: the short-paid one by its detail, none of an unknown currency.
    const failed = parseCsv((await get('/admin/checkouts/export?detail=underpaid')).text);
    assert.deepEqual(
      failed.slice(1).map((cells) => cells[0]),
      [id.startsWith('-') ? `'${id}` : id],
    );
    assert.equal(parseCsv((await get('/admin/checkouts/export?currency=XYZ')).text).length, 1);
    const refused = await get('/admin/checkouts/export?limit=5');
    assert.equal(refused.status, 422);
    assert.equal((refused.json as { field: string }).field, 'limit');
  });

  it('sent nothing secret or personal', () => {
    for (const text of seen) {
      for (const secret of [...FORBIDDEN, WEBHOOK_SECRET]) {
        assert.ok(!text.includes(secret), `leaked ${secret} in ${text.slice(0, 200)}`);
      }
    }
  });
});
