import { expect, oneEvent } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import { defaultTiming } from '../../api/timing.ts';
import type CryptoPay from './crypto-pay.component.ts';

const action = (el: HTMLElement, label: string) =>
  [...(kit.result(el as never)?.querySelectorAll('button') ?? [])].find(
    (button) => button.textContent?.trim() === label,
  );

const UNREACHABLE = 'We could not reach the payment service. Check your connection.';
const UNAVAILABLE = 'The payment service is not answering right now. Try again in a moment.';
const MISCONFIGURED = "This shop's payment page is not set up correctly. Please tell the shop.";
const NETWORK_ERROR = { code: 'network_error', message: 'The proxy could not be reached.' };

/** Collects what the widget writes with `console.error`, until `restore()`. */
function consoleErrors() {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => {
    lines.push(args.join(' '));
  };
  return { lines, restore: () => (console.error = original) };
}

describe('<crypto-pay> error views', () => {
  beforeEach(kit.clearStoredCheckouts);

  describe('when the configuration cannot be loaded', () => {
    it('is accessible', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('config', 0, undefined, 2);
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.untilHeading(el, 'Something went wrong');
      await expect(el).to.be.accessible();
    });

    it('blames the shop’s setup when nothing ever answered, with one console line for the fix', async () => {
      const proxy = await kit.fakeProxy();
      // The first read and the one retry that makes it the shop's.
      await proxy.fail('config', 0, undefined, 2);
      const logged = consoleErrors();
      const errors = kit.errorEvents();
      try {
        const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
        await kit.untilText(el, MISCONFIGURED);
        const message = `${proxy.url}/api/config did not answer: check the proxy attribute, the page's CSP connect-src, and that the proxy runs and lists this origin in ALLOWED_ORIGINS.`;
        expect(errors).to.deep.equal([{ code: 'proxy_unreachable', message }]);
        expect(await proxy.requests('/api/config', 'GET')).to.have.length(2);
        expect(logged.lines).to.deep.equal([`<crypto-pay>: ${message}`]);
        // A proxy that was only not there yet (started late) still gets its chance.
        action(el, 'Try again')?.click();
        await kit.untilHeading(el, 'Your details');
      } finally {
        logged.restore();
      }
    });

    it('reads the configuration once more before blaming the shop: a second answer shows the form', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('config', 0);
      const errors = kit.errorEvents();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.waitUntil(() => kit.form(el), 'no form');
      expect(await proxy.requests('/api/config', 'GET')).to.have.length(2);
      expect(errors).to.deep.equal([]);
    });

    it('names an origin the proxy refuses, with the proxy’s fix in the console', async () => {
      const proxy = await kit.fakeProxy();
      const refusal = {
        error: `This page’s origin (${location.origin}) is not one of the proxy’s ALLOWED_ORIGINS: add it there for the widget to work on this page.`,
        code: 'origin_not_allowed',
      };
      await proxy.fail('config', 403, refusal);
      const logged = consoleErrors();
      const errors = kit.errorEvents();
      try {
        const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
        await kit.untilText(el, MISCONFIGURED);
        expect(errors).to.deep.equal([{ code: refusal.code, message: refusal.error }]);
        expect(logged.lines).to.deep.equal([`<crypto-pay>: ${refusal.error}`]);
        expect(kit.visibleText(el)).to.not.contain('Check your connection');
        // The same read would meet the same refusal: only the shop can fix it.
        expect(action(el, 'Try again')).to.not.exist;
      } finally {
        logged.restore();
      }
    });

    it('tells the configuration’s refusal, though another part failed before it answered', async () => {
      const proxy = await kit.fakeProxy({ holdConfig: true, usedSessions: ['ses_used'] });
      const refusal = { error: 'This page’s origin is not allowed.', code: 'origin_not_allowed' };
      await proxy.fail('config', 403, refusal);
      const errors = kit.errorEvents();
      const el = await kit.render({ proxy: proxy.url, session: 'ses_used' });
      // The used session's refusal is in the page (its answer received) before the configuration's.
      const sessionRead = `${proxy.url}/api/sessions/ses_used`;
      await kit.waitUntil(
        () => performance.getEntriesByName(sessionRead).length > 0,
        'no session read',
      );
      await proxy.releaseConfig();
      await kit.untilText(el, MISCONFIGURED);
      expect(errors).to.deep.equal([{ code: refusal.code, message: refusal.error }]);
    });

    it('says the connection is lost when the proxy answered this page before', async () => {
      const proxy = await kit.fakeProxy();
      const first = await kit.details(proxy);
      first.remove();
      await proxy.fail('config', 0);
      const errors = kit.errorEvents();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.untilText(el, UNREACHABLE);
      expect(errors).to.deep.equal([NETWORK_ERROR]);
    });

    it('says the connection is lost when the browser is offline', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('config', 0);
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      const errors = kit.errorEvents();
      try {
        const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
        await kit.untilText(el, UNREACHABLE);
        expect(errors).to.deep.equal([NETWORK_ERROR]);
        action(el, 'Try again')?.click();
        await kit.untilHeading(el, 'Your details');
      } finally {
        // Removing the own property brings back the real getter from the prototype.
        delete (navigator as { onLine?: boolean }).onLine;
      }
    });

    for (const [status, code] of [
      [502, 'upstream_unavailable'],
      [504, 'upstream_timeout'],
      [500, 'internal'],
    ] as const) {
      it(`says the service is not answering on a ${status}`, async () => {
        const proxy = await kit.fakeProxy();
        await proxy.fail('config', status, { error: 'Upstream trouble.', code });
        const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
        await kit.untilText(el, UNAVAILABLE);
        action(el, 'Try again')?.click();
        await kit.untilHeading(el, 'Your details');
      });
    }

    it('copes with an answer that is not JSON', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('config', 502, '<html>Bad gateway</html>');
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.untilText(el, UNAVAILABLE);
    });
  });

  describe('when the checkout cannot be created', () => {
    it('is accessible', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 502, { error: 'Down.', code: 'upstream_unavailable' });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilHeading(el, 'Something went wrong');
      await expect(el).to.be.accessible();
    });

    it('retries with the same Idempotency-Key, so no second payment is created', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 504, { error: 'Too slow.', code: 'upstream_timeout' });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, UNAVAILABLE);
      action(el, 'Try again')?.click();
      await kit.untilPayStep(el);
      const creates = await proxy.requests('/api/checkouts', 'POST');
      expect(creates.map((create) => create.status)).to.deep.equal([504, 201]);
      expect(creates[1]?.headers['idempotency-key']).to.equal(
        creates[0]?.headers['idempotency-key'],
      );
    });

    it('asks the customer to wait after too many attempts (429)', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 429, { error: 'Slow down.', code: 'rate_limited' });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, 'Too many attempts. Wait a moment and try again.');
    });

    /**
     * Submits with a short request timeout and waits for the `timeout` error view. Only the
     * create is given the short one: the configuration before it, and a retry after it, have
     * the usual time to answer, however slow the machine.
     */
    async function submitUntilTimeout(el: CryptoPay): Promise<void> {
      el.timing = { ...el.timing, requestTimeoutMs: 300 };
      try {
        setTimeout(() => kit.submitButton(el).click());
        const event = await oneEvent(el, 'crypto-pay-error');
        expect(event.detail.code).to.equal('timeout');
        await kit.untilText(el, UNAVAILABLE);
      } finally {
        el.timing = { ...el.timing, requestTimeoutMs: defaultTiming.requestTimeoutMs };
      }
    }

    it('gives up waiting after the request timeout, and says the service is not answering', async () => {
      const el = await kit.details(await kit.fakeProxy({ createDelay: 1500 }));
      await kit.fillPerson(el);
      await submitUntilTimeout(el);
    });

    it('times out when the answer starts and then stalls, with Try again', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.stall('create', 201);
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      await submitUntilTimeout(el);
      action(el, 'Try again')?.click();
      await kit.untilPayStep(el);
    });

    it('says the proxy is unreachable when the connection drops', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 0);
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, UNREACHABLE);
    });

    it('shows a refusal with the proxy’s own sentence, and goes back with the answers kept', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 422, {
        error: 'The amount must be between 1.00 and 500.00 EUR.',
        code: 'amount_out_of_bounds',
        field: 'amount',
      });
      // Within the bounds the configuration gave, which the proxy has since narrowed.
      const el = await kit.details(proxy, { amount: '400.00', currency: 'EUR' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, 'The payment could not be created.');
      expect(kit.visibleText(el)).to.contain('The amount must be between 1.00 and 500.00 EUR.');
      // In English whatever the customer's language, and marked so for a screen reader.
      const detail = kit.result(el)?.querySelector('.hint');
      expect(detail?.getAttribute('lang')).to.equal('en');
      // The same request would be refused again: no "Try again", only the way back.
      expect(action(el, 'Try again')).to.not.exist;
      action(el, 'Back')?.click();
      await kit.untilHeading(el, 'Your details');
      await kit.waitUntil(
        () => kit.field(el, 'first_name').value === kit.SENDER.sender_data.first_name,
      );
      expect(kit.errorOf(el, 'first_name')).to.equal('');
    });

    it('starts a new request (and key) once the customer changes the answers', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 409, { error: 'Conflict.', code: 'idempotency_conflict' });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, 'The payment could not be created.');
      action(el, 'Back')?.click();
      await kit.untilHeading(el, 'Your details');
      const input = kit.field(el, 'first_name');
      input.value = 'Augusta Ada';
      input.dispatchEvent(new InputEvent('input'));
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const [first, second] = await proxy.requests('/api/checkouts', 'POST');
      expect(second?.headers['idempotency-key']).to.not.equal(first?.headers['idempotency-key']);
    });
  });

  describe('when the proxy answers a payment link that is not a web address', () => {
    it('shows no link and no redirect, only an error, and tells the page', async () => {
      const errors = kit.errorEvents();
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 201, kit.aCheckout({ payment_link: 'javascript:alert(1)' }));
      const el = await kit.details(proxy, { product: 'tea-crate', mode: 'redirect' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, 'The payment service is not answering right now.');
      expect(errors).to.deep.include({
        code: 'invalid_response',
        message: 'The proxy answered a malformed checkout.',
      });
      expect(kit.visibleText(el)).to.not.contain('Open the payment page');
      expect(kit.navigations.some((url) => url.startsWith('javascript:'))).to.equal(false);
    });
  });

  describe('when a checkout to resume cannot be read', () => {
    it('offers a new start for an unknown checkout (404)', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', checkout: 'chk_gone' });
      await kit.untilText(el, 'We could not find this payment.');
      await expect(el).to.be.accessible();
      action(el, 'Start again')?.click();
      await kit.untilHeading(el, 'Your details');
    });

    it('reads the checkout again by itself once the proxy answers again', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status: 'paid' }) });
      await proxy.fail('get', 503, { error: 'Down.', code: 'upstream_unavailable' }, 2);
      const el = await kit.render(
        { proxy: proxy.url, checkout: kit.aCheckout().id },
        { resumeRetry: { ...defaultTiming.resumeRetry, firstMs: 100 } },
      );
      await kit.untilText(el, UNAVAILABLE);
      await kit.untilHeading(el, 'Payment complete');
    });

    it('says the connection is lost on "Start again" once the proxy answered the resume', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('config', 0);
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', checkout: 'chk_gone' });
      await kit.untilText(el, 'We could not find this payment.');
      const errors = kit.errorEvents();
      action(el, 'Start again')?.click();
      await kit.untilText(el, UNREACHABLE);
      expect(errors).to.deep.equal([NETWORK_ERROR]);
    });

    it('only retries when the proxy is unreachable: the checkout may be paid already', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('get', 0);
      const el = await kit.render({
        proxy: proxy.url,
        product: 'tea-crate',
        checkout: 'chk_later',
      });
      await kit.untilText(el, UNREACHABLE);
      expect(action(el, 'Start again')).to.not.exist;
      action(el, 'Try again')?.click();
      await kit.untilText(el, 'We could not find this payment.');
    });
  });

  describe('without a proxy address', () => {
    it('says the checkout is not set up, and tells the page', async () => {
      const errors = kit.errorEvents();
      const el = await kit.render({ product: 'tea-crate' });
      expect(kit.heading(el)).to.equal('Something went wrong');
      expect(errors).to.deep.include({
        code: 'proxy_missing',
        message: 'The proxy attribute is missing.',
      });
      expect(kit.visibleText(el)).to.contain(
        "This shop's payment page is not set up correctly. Please tell the shop.",
      );
      await expect(el).to.be.accessible();
    });
  });
});
