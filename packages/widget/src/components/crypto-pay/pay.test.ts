import { expect, oneEvent } from '@open-wc/testing';
import * as kit from '../../../test/helpers.ts';
import { defaultTiming } from '../../api/timing.ts';
import de from '../../localize/translations/de.ts';

const partOf = (el: HTMLElement, name: string) =>
  kit.panel(el as never)?.shadowRoot?.querySelector<HTMLElement>(`[part="${name}"]`) ?? null;

describe('<crypto-pay> pay step', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('is accessible', async () => {
    const el = await kit.toPayStep(await kit.fakeProxy());
    await kit.waitUntil(() => partOf(el, 'qr')?.querySelector('path'), 'no QR code');
    await expect(el).to.be.accessible();
  });

  describe('creating the checkout', () => {
    it('sends the product, the person and the chosen currency', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy, { product: 'tea-crate' });
      await kit.fillPerson(el);
      await kit.type(el, 'email', ` ${kit.SENDER_EMAIL} `);
      await kit.chooseCurrency(el, 'USDT on Tron');
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.body).to.deep.equal({
        product: 'tea-crate',
        payment_currency: { iso: 'USDT', network_name: 'tron' },
        sender_type: 'natural',
        sender_data: kit.SENDER.sender_data,
        end_user_email: kit.SENDER_EMAIL,
      });
    });

    it('sends a session token, and a company with its country', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy, { session: 'sess_abc' });
      await kit.chooseSenderType(el, 'legal');
      await kit.type(el, 'legal_name', kit.LEGAL_SENDER.sender_data.legal_name);
      await kit.chooseCountry(el, kit.LEGAL_SENDER.sender_data.country_of_registration);
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.body).to.deep.equal({
        session: 'sess_abc',
        sender_type: 'legal',
        sender_data: kit.LEGAL_SENDER.sender_data,
      });
    });

    it('sends an open amount exactly as written, with its currency and addresses', async () => {
      const openAmount = { min: '0.000000000000000001', max: '500', currencies: ['EUR'] };
      const proxy = await kit.fakeProxy({ openAmount });
      const el = await kit.details(proxy, {
        amount: '12.345678901234567890',
        currency: 'EUR',
        'success-url': 'https://shop.example/thanks',
        'failed-url': 'https://shop.example/sorry',
      });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.body).to.include({
        amount: '12.345678901234567890',
        currency: 'EUR',
        success_url: 'https://shop.example/thanks',
        failed_url: 'https://shop.example/sorry',
      });
      expect(partOf(el, 'amount')?.textContent?.trim()).to.equal('12.345678901234567890 EUR');
    });

    it('names the network of a crypto price', async () => {
      const proxy = await kit.fakeProxy({
        openAmount: { min: '1', max: '500', currencies: ['USDT'] },
      });
      const el = await kit.details(proxy, { amount: '5', currency: 'USDT', network: 'tron' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.body?.currency).to.deep.equal({ iso: 'USDT', network_name: 'tron' });
    });

    it('creates one checkout however often the button is pressed, with an Idempotency-Key', async () => {
      const proxy = await kit.fakeProxy({ createDelay: 300 });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilText(el, 'Creating your payment…');
      expect(kit.submitButton(el).getAttribute('aria-disabled')).to.equal('true');
      kit.submitButton(el).click();
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const creates = await proxy.requests('/api/checkouts', 'POST');
      expect(creates).to.have.length(1);
      expect(creates[0]?.headers['idempotency-key']).to.match(/^[0-9a-f]{32}$/);
      // The proxy takes no other type (415): the one a page cannot send cross-site unasked.
      expect(creates[0]?.headers['content-type']).to.equal('application/json');
    });

    it('tells the page with crypto-pay-created, carrying no personal data', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      setTimeout(() => kit.submitButton(el).click());
      const event = await oneEvent(el, 'crypto-pay-created');
      expect(Object.keys(event.detail)).to.deep.equal(['id', 'payment_link']);
      expect(event.detail.payment_link).to.equal(`https://pay.example.test/p/${event.detail.id}`);
      expect(event.bubbles && event.composed).to.equal(true);
    });

    it('moves focus to the new step’s heading', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).focus();
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      await kit.waitUntil(
        () => kit.shadow(el).activeElement === kit.shadow(el).querySelector('[part="heading"]'),
        'focus stayed behind',
      );
    });
  });

  describe('in link mode', () => {
    it('shows the amount, the pay-with currency and a link that opens in a new tab', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      await kit.chooseCurrency(el, 'BTC on Bitcoin');
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      expect(partOf(el, 'amount')?.textContent?.trim()).to.equal('25.00 EUR');
      expect(partOf(el, 'pay-with')?.textContent?.trim()).to.equal('BTC on Bitcoin');
      const link = partOf(el, 'link-button') as HTMLAnchorElement;
      expect(link.href).to.match(/^https:\/\/pay\.example\.test\/p\/chk_/);
      expect(link.target).to.equal('_blank');
      expect(link.rel).to.equal('noopener noreferrer');
      expect(link.textContent).to.contain('(opens in a new tab)');
      expect(kit.navigations).to.not.include(link.href);
    });

    it('says the currency is chosen on the payment page when the customer left it open', async () => {
      const el = await kit.toPayStep(await kit.fakeProxy());
      expect(partOf(el, 'pay-with')?.textContent?.trim()).to.equal('Choose on the payment page');
    });

    it('draws a QR code of the payment link as an SVG image', async () => {
      const el = await kit.toPayStep(await kit.fakeProxy());
      await kit.waitUntil(() => partOf(el, 'qr')?.querySelector('path'), 'no QR code');
      const qr = partOf(el, 'qr') as HTMLElement;
      expect(qr.getAttribute('role')).to.equal('img');
      expect(qr.getAttribute('aria-label')).to.equal('QR code of the payment link');
      expect(qr.querySelector('path')?.getAttribute('d')).to.match(/^M\d+ \d+h\d+v1h-\d+z/);
    });

    it('copies the link and says so', async () => {
      const el = await kit.toPayStep(await kit.fakeProxy());
      let copied = '';
      const writeText = async (text: string) => {
        copied = text;
      };
      await kit.withClipboard({ writeText }, async () => {
        partOf(el, 'copy-button')?.click();
        await kit.untilText(el, 'Link copied.');
      });
      expect(copied).to.equal((partOf(el, 'link') as HTMLInputElement).value);
      // An address reads left to right in every language, its start in view.
      expect(partOf(el, 'link')?.getAttribute('dir')).to.equal('ltr');
    });

    it('selects the link for the customer when the clipboard refuses', async () => {
      const el = await kit.toPayStep(await kit.fakeProxy());
      await kit.withClipboard(
        { writeText: () => Promise.reject(new Error('denied')) },
        async () => {
          partOf(el, 'copy-button')?.click();
          await kit.untilText(el, 'Could not copy. Copy the link yourself.');
        },
      );
      expect(kit.panel(el)?.shadowRoot?.activeElement).to.equal(partOf(el, 'link'));
    });

    it('selects it as well where the page has no clipboard (a page over http)', async () => {
      const el = await kit.toPayStep(await kit.fakeProxy());
      await kit.withClipboard(undefined, async () => {
        partOf(el, 'copy-button')?.click();
        await kit.untilText(el, 'Could not copy. Copy the link yourself.');
      });
      const link = partOf(el, 'link') as HTMLInputElement;
      expect(kit.panel(el)?.shadowRoot?.activeElement).to.equal(link);
      expect([link.selectionStart, link.selectionEnd]).to.deep.equal([0, link.value.length]);
    });

    it('counts down the time left until the checkout expires', async () => {
      const proxy = await kit.fakeProxy({ lifetime: 1800 });
      const el = await kit.toPayStep(proxy);
      const countdown = () => partOf(el, 'countdown')?.textContent?.replace(/\s+/g, ' ') ?? '';
      expect(countdown()).to.match(/Time left: (30:00|29:5\d)/);
      expect(partOf(el, 'countdown')?.getAttribute('role')).to.equal('timer');
      const before = countdown();
      await kit.waitUntil(() => countdown() !== before, 'the countdown stood still');
    });

    it('writes the expiry time as the customer’s region does', async () => {
      const expiry = (el: Element) =>
        /\(Expires at \u2068([^)]*)\u2069\)/.exec(
          partOf(el as never, 'countdown')?.textContent ?? '',
        )?.[1];
      const american = await kit.toPayStep(await kit.fakeProxy(), {
        product: 'tea-crate',
        locale: 'en-US',
      });
      expect(expiry(american)).to.match(/^\d{1,2}:\d{2}\s?[AP]M$/);
      kit.clearStoredCheckouts();
      const british = await kit.toPayStep(await kit.fakeProxy(), {
        product: 'tea-crate',
        locale: 'en-GB',
      });
      expect(expiry(british)).to.match(/^\d{1,2}:\d{2}$/); // 24-hour, no AM/PM
    });

    it('writes the expiry time in Latin digits, whole in right-to-left text, in the language’s brackets', async () => {
      const expiry = (el: Element) =>
        partOf(el as never, 'countdown')?.querySelector('.hint')?.textContent ?? '';
      const at = async (locale: string) => {
        kit.clearStoredCheckouts();
        const el = await kit.toPayStep(await kit.fakeProxy(), { product: 'tea-crate' });
        // The customer's language chosen on the pay step: its chunk comes, and its words.
        el.setAttribute('locale', locale);
        await kit.waitUntil(
          () => !expiry(el).includes('Expires at'),
          `no expiry time in ${locale}`,
        );
        return expiry(el);
      };
      // Bengali's clock would write its own digits beside the countdown's and the amount's.
      expect(await at('bn')).to.match(/^\(\u2068[\d:]+\s?\S+\u2069\S*.*\)$/u);
      expect(await at('bn')).to.not.match(/[\u09E6-\u09EF]/u);
      // Urdu: `5:33 PM` kept one left-to-right unit inside the right-to-left sentence.
      const urdu = await at('ur');
      expect(urdu).to.match(/\u2068\d{1,2}:\d{2}\s?[AP]M\u2069/);
      // Japanese brackets are full width, as its other ones (`（新しいタブで開きます）`).
      expect(await at('ja')).to.match(/^（有効期限 \u2068\d{1,2}:\d{2}\u2069）$/);
    });

    it('checks the status at once when the time runs out', async () => {
      // No scheduled poll could be what finds it.
      const polling = { ...defaultTiming.polling, firstMs: 60_000, maxMs: 60_000 };
      // Expiring at the second whole second from now, not the first: at least a second to
      // reach the pay step and move the checkout on before the countdown ends.
      const proxy = await kit.fakeProxy({ lifetime: 2, sse: false });
      const el = await kit.toPayStep(proxy, { product: 'tea-crate' }, { polling });
      await proxy.setStatus('expired');
      await kit.untilHeading(el, 'Payment expired');
    });
  });

  describe('in redirect mode', () => {
    it('goes to the payment page once the checkout exists', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy, { product: 'tea-crate', mode: 'redirect' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilHeading(el, 'Going to the payment page');
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.status).to.equal(201);
      await kit.waitUntil(() =>
        kit.navigations.at(-1)?.startsWith('https://pay.example.test/p/chk_'),
      );
      expect(kit.visibleText(el)).to.contain('Open the payment page');
      await expect(el).to.be.accessible();
    });

    it('shows the pay step to a customer back from the payment page, not "taking you there"', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy, { product: 'tea-crate', mode: 'redirect' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilHeading(el, 'Going to the payment page');
      const leaves = kit.navigations.length;
      // Back from the payment page: the browser's back/forward cache shows the page as it left.
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await kit.untilHeading(el, 'Pay');
      expect(kit.visibleText(el)).to.contain('Choose another currency');
      expect(kit.navigations.length, 'sent to the payment page again').to.equal(leaves);
    });

    it('links to the payment page in this tab after Back, and says nothing of a new tab', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({
        proxy: proxy.url,
        product: 'tea-crate',
        mode: 'redirect',
        locale: 'de',
      });
      await kit.untilHeading(el, de.detailsHeading);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilHeading(el, de.redirectHeading!);
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
      await kit.untilHeading(el, de.payHeading);
      await kit.waitUntil(() => partOf(el, 'link-button'), 'the payment panel never showed');
      const link = partOf(el, 'link-button') as HTMLAnchorElement;
      expect(link.target, 'a new tab').to.equal('');
      expect(link.textContent?.trim()).to.equal(de.openPaymentPage);
      await expect(el).to.be.accessible();
    });
  });
});
