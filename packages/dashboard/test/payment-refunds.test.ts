/**
 * `<cp-payment>` in Chromium, what was sent back: an underpaid payment the shop must pay back
 * offers "Send … back" (to the withdrawal form, naming the payment) until a refund is sent;
 * then it shows the refund (amount, status, when) and offers nothing, so no one pays the
 * customer twice; a refund the service cancelled, declined or failed lets another be sent. A
 * checkout never paid has nothing to send back: its refunds are not asked for.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { Payment } from '../src/pages/payment.ts';
import '../src/pages/payment.ts';
import type { MerchantCheckout, MoneyOperation } from '../src/types.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const ID = 'chk_underpaid_0123456789';
const OWNER = { name: 'ann', role: 'owner' } as const;

const checkout: MerchantCheckout = {
  id: ID,
  status: 'failed',
  status_detail: 'underpaid',
  refund_instructions: 'merchant',
  payment_link: 'https://pay.example/p/1',
  expires_at: 1_700_003_600,
  amount: '25.00',
  currency: { iso: 'EUR' },
  payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
  foreign_id: 'cp_1',
  payment_request_id: 'pr_1',
  pricing: 'product',
  product: 'kettle',
  created_at: 1_700_000_000,
  updated_at: 1_700_000_100,
  version: 3,
};

const btc = { iso: 'BTC', network_name: 'bitcoin' };
const paymentCallback = {
  id: 1,
  received_at: 1_700_000_100,
  type: 'payment_request',
  foreign_id: 'cp_1',
  status: 'failed',
  outcome: 'applied',
  body: {
    payment_request_amount: { currency: btc, amount: '0.001' },
    currency_sent: { currency: btc, amount: '0.0004' },
  },
};

const refund = (status: string, foreignId = `refund_${ID}`): MoneyOperation => ({
  id: 4,
  kind: 'withdrawal',
  object_id: '77',
  foreign_id: foreignId,
  amount: '0.00040000',
  currency: 'BTC',
  status,
  created_by: 'ann',
  refund_of: ID,
  created_at: 1_700_000_200,
  updated_at: 1_700_000_200,
});

const openPayment = async (refunds: MoneyOperation[]) => {
  const api = fakeApi({
    [`GET /admin/checkouts/${ID}`]: { status: 200, body: checkout },
    'GET /admin/callbacks': { status: 200, body: { data: [paymentCallback] } },
    [`GET /admin/checkouts/${ID}/timeline`]: { status: 200, body: { checkout, data: [] } },
    [`GET /admin/money-operations?refund_of=${ID}&limit=200`]: {
      status: 200,
      body: { data: refunds },
    },
  });
  const el = await fixture<Payment>(
    html`<cp-payment .account=${OWNER} .checkoutId=${ID}></cp-payment>`,
  );
  await until(() => textOf(el).includes('Refund instructions'), 'the payment');
  return { api, el };
};

const sendBackLink = (el: Payment) =>
  [...el.shadowRoot!.querySelectorAll('a')].find((a) =>
    a.textContent?.includes('back (a withdrawal'),
  );

describe('<cp-payment> refunds', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  it('offers to send the money back, naming the payment, while nothing was sent', async () => {
    const opened = await openPayment([]);
    api = opened.api;
    await until(() => sendBackLink(opened.el) !== undefined, 'the Send back link');
    const link = new URL(sendBackLink(opened.el)!.href);
    expect(link.pathname).to.equal('/dashboard/money');
    expect(Object.fromEntries(link.searchParams)).to.deep.equal({
      amount: '0.0004',
      currency: 'BTC',
      refund_of: ID,
      reference: `refund_${ID}`,
    });
    expect(textOf(opened.el)).not.to.contain('Sent back');
  });

  it('shows the refund sent and offers no second one', async () => {
    const opened = await openPayment([refund('processing')]);
    api = opened.api;
    await until(() => textOf(opened.el).includes(`refund_${ID}`), 'the refund');
    const text = textOf(opened.el);
    expect(text).to.contain('Sent back');
    expect(text).to.contain('0.00040000 BTC');
    expect(text).to.contain('processing');
    expect(text).to.contain('Money was already sent back for this payment');
    expect(sendBackLink(opened.el)).to.equal(undefined);
    await expect(opened.el).to.be.accessible();
  });

  it('offers another once the service cancelled the one sent, under a new reference', async () => {
    const opened = await openPayment([refund('cancelled')]);
    api = opened.api;
    await until(() => sendBackLink(opened.el) !== undefined, 'the Send back link');
    expect(textOf(opened.el)).to.contain('cancelled');
    const link = new URL(sendBackLink(opened.el)!.href);
    expect(link.searchParams.get('reference')).to.equal(`refund_${ID}_2`);
  });

  for (const status of ['declined', 'failed']) {
    it(`offers another once the service ${status} the one sent, which sent nothing`, async () => {
      const opened = await openPayment([refund(status)]);
      api = opened.api;
      await until(() => sendBackLink(opened.el) !== undefined, 'the Send back link');
      expect(textOf(opened.el)).to.contain(status);
      expect(textOf(opened.el)).not.to.contain('Money was already sent back for this payment');
    });
  }

  it('does not ask for the refunds of a checkout never paid', async () => {
    const { status_detail, refund_instructions, payment_currency, ...unpaid } = checkout;
    const expired: MerchantCheckout = { ...unpaid, status: 'expired' };
    api = fakeApi({
      [`GET /admin/checkouts/${ID}`]: { status: 200, body: expired },
      'GET /admin/callbacks': { status: 200, body: { data: [] } },
      [`GET /admin/checkouts/${ID}/timeline`]: {
        status: 200,
        body: { checkout: expired, data: [] },
      },
    });
    const el = await fixture<Payment>(
      html`<cp-payment .account=${OWNER} .checkoutId=${ID}></cp-payment>`,
    );
    await until(() => textOf(el).includes('No refund is due.'), 'the refund section');
    await until(
      () => api.calls.some((call) => call.path === `/admin/checkouts/${ID}/timeline`),
      'the timeline asked for',
    );
    await el.updateComplete;
    expect(
      api.calls.filter((call) => call.path.startsWith('/admin/money-operations')),
      'the refunds asked for',
    ).to.deep.equal([]);
    expect(textOf(el)).not.to.contain('Sent back');
    expect(textOf(el)).not.to.contain('could not');
  });

  it('offers none while a refund is requested and the service’s answer is not known', async () => {
    const opened = await openPayment([refund('requested')]);
    api = opened.api;
    await until(() => textOf(opened.el).includes('requested'), 'the requested refund');
    expect(textOf(opened.el)).to.contain('Money was already sent back for this payment');
    expect(sendBackLink(opened.el)).to.equal(undefined);
  });
});
