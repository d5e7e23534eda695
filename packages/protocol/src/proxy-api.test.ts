import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import {
  checkoutSchema,
  decimalAmount,
  proxyErrorSchema,
  sessionPriceSchema,
  webhookEventSchema,
  widgetConfigSchema,
} from './proxy-api.ts';

const checkout = {
  id: 'Xq3v9wYbT0aLkP2mN8rS4u',
  status: 'created',
  payment_link: 'https://pay.example/p/123',
  expires_at: 1_767_225_600,
  amount: '100.00',
  currency: { iso: 'EUR' },
  payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
  success_url: 'https://shop.example/paid',
};

/** A `checkout.paid` webhook: the checkout as the merchant API shows it. */
const paidEvent = {
  id: 'evt_000000000042AbCdEfGh',
  type: 'checkout.paid',
  timestamp: '2026-01-01T00:00:00.000Z',
  data: {
    ...checkout,
    status: 'paid',
    foreign_id: 'order-1',
    payment_request_id: 'pr_1',
    pricing: 'session',
    created_at: 1_767_222_000,
    updated_at: 1_767_225_600,
    version: 3,
  },
};

describe('the proxy’s public API', () => {
  it('takes the checkout as DESIGN.md writes it', () => {
    assert.deepEqual(z.parse(checkoutSchema, checkout), checkout);
  });

  it('keeps money in decimal strings: a checkout amount as a number is refused', () => {
    assert.equal(z.safeParse(checkoutSchema, { ...checkout, amount: 100 }).success, false);
    assert.equal(z.safeParse(checkoutSchema, { ...checkout, amount: '1e2' }).success, false);
  });

  it('bounds an amount it is sent to 30 digits each side of its point', () => {
    const whole = '9'.repeat(30);
    const fraction = '1'.repeat(30);
    assert.equal(z.parse(decimalAmount, `${whole}.${fraction}`), `${whole}.${fraction}`);
    for (const long of [`1${whole}`, `0.${fraction}1`]) {
      const refused = z.safeParse(decimalAmount, long);
      assert.deepEqual(
        refused.error?.issues.map((issue) => issue.message),
        ['The amount must have at most 30 digits before its point and 30 after it.'],
      );
    }
    assert.deepEqual(
      z.safeParse(decimalAmount, '1e2').error?.issues.map((issue) => issue.message),
      [
        'The amount must be written in digits with a point before any decimals, such as "42.00" (no comma, space or exponent).',
      ],
    );
  });

  it('refuses a payment link that is not an http(s) address, and an unknown status', () => {
    const link = { ...checkout, payment_link: 'javascript:alert(1)' };
    assert.equal(z.safeParse(checkoutSchema, link).success, false);
    assert.equal(z.safeParse(checkoutSchema, { ...checkout, status: 'won' }).success, false);
  });

  it('takes the widget configuration, with open amounts off', () => {
    const config = {
      payment_currencies: [
        { iso: 'BTC', network_name: 'bitcoin', precision: 8 },
        { iso: 'XYZ', precision: 2 },
      ],
      products: { tee: { amount: '25.00', currency: 'EUR', description: 'A tee' } },
      open_amount: null,
      sessions: false,
    };
    assert.deepEqual(z.parse(widgetConfigSchema, config), config);
  });

  it('takes a session’s price and the error body', () => {
    const price = { amount: '42.00', currency: { iso: 'EUR' }, expires_at: 1_767_225_600 };
    assert.deepEqual(z.parse(sessionPriceSchema, price), price);
    const error = {
      error: 'The first_name is invalid.',
      code: 'invalid_request',
      field: 'sender_data.first_name',
    };
    assert.deepEqual(z.parse(proxyErrorSchema, error), error);
  });

  it('takes a checkout event carrying the merchant’s checkout, and a relayed callback', () => {
    assert.deepEqual(z.parse(webhookEventSchema, paidEvent), paidEvent);
    const relayed = {
      ...paidEvent,
      type: 'invoice.confirmed',
      data: { type: 'invoice', id: 7, status: 'confirmed' },
    };
    assert.deepEqual(z.parse(webhookEventSchema, relayed), relayed);
  });

  it('takes checkout.stale: the checkout unchanged in status, with stale_since', () => {
    const stale = {
      ...paidEvent,
      type: 'checkout.stale',
      data: { ...paidEvent.data, status: 'created', version: 1, stale_since: 1_767_232_800 },
    };
    assert.deepEqual(z.parse(webhookEventSchema, stale), stale);
    const notSeconds = { ...stale, data: { ...stale.data, stale_since: '2026-01-01' } };
    assert.equal(z.safeParse(webhookEventSchema, notSeconds).success, false);
  });

  it('refuses a checkout event whose checkout lacks the merchant’s fields, and an unknown one', () => {
    // No payment_link, expires_at, payment_request_id, pricing, created_at, updated_at.
    const { id, status, amount, currency, foreign_id, version } = paidEvent.data;
    const lacking = { ...paidEvent, data: { id, status, amount, currency, foreign_id, version } };
    assert.equal(z.safeParse(webhookEventSchema, lacking).success, false);
    const unknownType = { ...paidEvent, type: 'checkout.won' };
    assert.equal(z.safeParse(webhookEventSchema, unknownType).success, false);
  });
});
