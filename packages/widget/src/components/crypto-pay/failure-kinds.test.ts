/**
 * How a payment ended, as the service's callback told it: underpaid, late, failed without a
 * reason, expired, and overpaid on success; what becomes of money already sent (the service's
 * email, or the shop to ask); and the next steps (start again, back to the shop).
 */
import { expect } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import type { Checkout } from '../../api/proxy-api.ts';

const button = (el: HTMLElement, part: 'primary-button' | 'secondary-button') =>
  kit.result(el as never)?.querySelector<HTMLButtonElement>(`[part="${part}"]`) ?? null;

/** A pay step that stays on the page at the end, moved to `status` with `details`. */
async function endedAs(
  status: Checkout['status'],
  details: Pick<Checkout, 'status_detail' | 'refund_instructions'> = {},
) {
  const proxy = await kit.fakeProxy();
  const el = await kit.toPayStep(proxy, {
    product: 'tea-crate',
    'failed-url': 'https://shop.example/sorry',
  });
  for (const type of ['crypto-pay-success', 'crypto-pay-failure']) {
    el.addEventListener(type, (event) => event.preventDefault());
  }
  await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length >= 1);
  await proxy.setStatus(status, undefined, details);
  return el;
}

describe('<crypto-pay> how a payment ended', () => {
  beforeEach(kit.clearStoredCheckouts);

  const failures = [
    {
      name: 'underpaid, refund instructions by email',
      status: 'failed',
      details: { status_detail: 'underpaid', refund_instructions: 'email' },
      heading: 'Payment failed',
      says: [
        'Less than the amount due arrived.',
        'The payment service will email you instructions to get your money back.',
      ],
    },
    {
      name: 'underpaid, no email given',
      status: 'failed',
      details: { status_detail: 'underpaid', refund_instructions: 'merchant' },
      heading: 'Payment failed',
      says: [
        'Less than the amount due arrived',
        'To get your money back, please contact the shop.',
      ],
    },
    {
      name: 'late',
      status: 'failed',
      details: { status_detail: 'late' },
      heading: 'Payment failed',
      says: [
        'Your payment arrived but was not confirmed in time.',
        'Please contact the shop about the money you sent.',
      ],
    },
    {
      name: 'failed, no reason given',
      status: 'failed',
      details: {},
      heading: 'Payment failed',
      says: [
        'The payment was confirmed too late or was less than the amount due.',
        'If you already sent money, please contact the shop.',
      ],
    },
    {
      name: 'expired',
      status: 'expired',
      details: {},
      heading: 'Payment expired',
      says: ['No payment arrived before the time ran out. Nothing was taken.'],
    },
  ] as const;

  for (const failure of failures) {
    describe(`when ${failure.name}`, () => {
      it('says what happened and what becomes of the money, accessibly', async () => {
        const el = await endedAs(failure.status, failure.details);
        await kit.untilHeading(el, failure.heading);
        for (const sentence of failure.says) expect(kit.visibleText(el)).to.contain(sentence);
        await expect(el).to.be.accessible();
      });

      it('offers to start again, or to go back to the shop’s failure page', async () => {
        const el = await endedAs(failure.status, failure.details);
        await kit.untilHeading(el, failure.heading);
        expect(button(el, 'primary-button')?.textContent?.trim()).to.equal('Start again');
        expect(button(el, 'secondary-button')?.textContent?.trim()).to.equal('Back to the shop');
        button(el, 'secondary-button')?.click();
        const went = new URL(kit.navigations.at(-1) ?? 'about:blank');
        expect(`${went.origin}${went.pathname}`).to.equal('https://shop.example/sorry');
        expect(went.searchParams.get('checkout')).to.match(/\S/);
      });
    });
  }

  it('tells the underpaid and the late apart from the reasonless failure', async () => {
    const underpaid = await endedAs('failed', { status_detail: 'underpaid' });
    await kit.untilHeading(underpaid, 'Payment failed');
    expect(kit.visibleText(underpaid)).to.not.contain('confirmed too late or');
    // An underpayment whose callback named no email field: the shop is whom to ask.
    expect(kit.visibleText(underpaid)).to.contain(
      'To get your money back, please contact the shop.',
    );
  });

  describe('when overpaid', () => {
    it('says the difference comes back through the service’s email', async () => {
      const el = await endedAs('paid', {
        status_detail: 'overpaid',
        refund_instructions: 'email',
      });
      await kit.untilHeading(el, 'Payment complete');
      expect(kit.visibleText(el)).to.contain('Thank you. Your payment has arrived.');
      expect(kit.visibleText(el)).to.contain(
        'You sent more than the amount due. The payment service will email you instructions to get the difference back.',
      );
      expect(button(el, 'secondary-button')).to.equal(null);
    });

    it('says the shop refunds the difference when no email was given', async () => {
      const el = await endedAs('paid', {
        status_detail: 'overpaid',
        refund_instructions: 'merchant',
      });
      await kit.untilHeading(el, 'Payment complete');
      expect(kit.visibleText(el)).to.contain('Please contact the shop to get the difference back.');
    });

    it('says nothing of money for an exact payment', async () => {
      const el = await endedAs('paid');
      await kit.untilHeading(el, 'Payment complete');
      expect(kit.visibleText(el)).to.not.contain('difference');
    });
  });
});
