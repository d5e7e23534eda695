import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';

describe('<crypto-pay> details step', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('is accessible', async () => {
    const el = await kit.details(await kit.fakeProxy());
    await kit.waitUntil(() => kit.field(el, 'first_name'));
    await expect(el).to.be.accessible();
  });

  it('loads the configuration once and announces it is ready', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
    await oneEvent(el, 'crypto-pay-ready');
    await kit.untilHeading(el, 'Your details');
    expect(await proxy.requests('/api/config', 'GET')).to.have.length(1);
  });

  describe('before the configuration arrives', () => {
    /** The form as it shows while `/api/config` is held back: its skeleton. */
    const skeleton = (el: Element) =>
      kit.shadow(el).querySelector('crypto-pay-sender-form[loading]');
    const skeletonField = (el: Element, id: string) =>
      skeleton(el)?.shadowRoot?.querySelector<HTMLInputElement>(`#${id}`);

    it('shows the form’s skeleton: busy, accessible, with nothing to focus or choose in its placeholders', async () => {
      const proxy = await kit.fakeProxy({ holdConfig: true });
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.waitUntil(() => skeletonField(el, 'first_name'), 'no skeleton');
      expect(kit.heading(el)).to.equal('Your details');
      const form = skeleton(el)!;
      expect(form.shadowRoot!.querySelector('form')!.getAttribute('aria-busy')).to.equal('true');
      const picker = form.shadowRoot!.querySelector('crypto-pay-currency-picker')!;
      await picker.updateComplete;
      // No currency to choose yet, not even "later": the placeholder stands for the list.
      expect(picker.shadowRoot!.querySelectorAll('input')).to.have.length(0);
      const placeholders = [
        ...kit.shadow(el).querySelectorAll('.placeholder'),
        ...picker.shadowRoot!.querySelectorAll('.placeholder'),
      ];
      expect(placeholders).to.have.length(2);
      for (const placeholder of placeholders) {
        expect(placeholder.closest('[aria-hidden="true"]'), 'a placeholder is read out').to.exist;
        expect(placeholder.querySelector('a, button, input, [tabindex]')).to.equal(null);
      }
      await expect(el).to.be.accessible();

      // The customer may type, and press Continue: it waits for the configuration, then for the
      // currency they have not seen yet (focus goes to its picker, nothing is sent for them).
      const submit = form.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit-button"]')!;
      expect(submit.getAttribute('aria-disabled')).to.equal('true');
      for (const [id, value] of Object.entries(kit.SENDER.sender_data)) {
        const input = skeletonField(el, id)!;
        input.value = value;
        input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      }
      submit.click();
      await proxy.releaseConfig();
      const options = () => picker.shadowRoot!.querySelectorAll<HTMLInputElement>('input');
      await kit.waitUntil(() => picker.shadowRoot!.activeElement, 'focus never went to the picker');
      // The option focused is the one checked ("later", not chosen by the customer).
      expect(picker.shadowRoot!.activeElement === [...options()].at(-1), 'not "later"').to.equal(
        true,
      );
      await kit.chooseCurrency(el, 'USDT on Ethereum');
      submit.click();
      await kit.untilPayStep(el);
      // One create, the customer's: the queued Continue sent none of its own before it.
      const creates = await proxy.requests('/api/checkouts', 'POST');
      expect(creates).to.have.length(1);
      expect(creates[0]!.body).to.have.nested.property('payment_currency.iso', 'USDT');
    });

    it('sends a Continue pressed on it once the configuration is there, where there is no currency to choose', async () => {
      const proxy = await kit.fakeProxy({
        holdConfig: true,
        config: {
          payment_currencies: [],
          products: { 'tea-crate': { amount: '25.00', currency: 'EUR', description: 'A crate' } },
          open_amount: null,
          sessions: false,
        },
      });
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.waitUntil(() => skeletonField(el, 'first_name'), 'no skeleton');
      for (const [id, value] of Object.entries(kit.SENDER.sender_data)) {
        const input = skeletonField(el, id)!;
        input.value = value;
        input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      }
      skeleton(el)!.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit-button"]')!.click();
      await proxy.releaseConfig();
      await kit.untilPayStep(el);
      expect(await proxy.requests('/api/checkouts', 'POST')).to.have.length(1);
    });

    it('keeps what the customer typed, and every line above the currencies in place, as it arrives', async () => {
      const proxy = await kit.fakeProxy({ holdConfig: true });
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.waitUntil(() => skeletonField(el, 'first_name'), 'no skeleton');
      const input = skeletonField(el, 'first_name')!;
      input.value = 'Ada';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      const place = (target: Element | null | undefined) => {
        const { top, height } = target!.getBoundingClientRect();
        return { top, height };
      };
      const total = () => kit.shadow(el).querySelector('[part="total"]');
      const lines = () => ({
        total: place(total()),
        firstName: place(
          kit
            .shadow(el)
            .querySelector('crypto-pay-sender-form')!
            .shadowRoot!.querySelector('#first_name'),
        ),
        email: place(
          kit
            .shadow(el)
            .querySelector('crypto-pay-sender-form')!
            .shadowRoot!.querySelector('#email'),
        ),
      });
      const before = lines();
      await proxy.releaseConfig();
      await kit.waitUntil(() => kit.form(el), 'the configuration never arrived');
      await kit.form(el)!.updateComplete;
      expect(total()!.textContent).to.contain('25.00');
      expect(lines()).to.deep.equal(before);
      // The same form, not a new one: what was typed stays.
      expect(kit.field(el, 'first_name')).to.equal(input);
      expect(input.value).to.equal('Ada');
    });

    it('leaves focus in the field the customer types in as it arrives', async () => {
      const proxy = await kit.fakeProxy({ holdConfig: true });
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.waitUntil(() => skeletonField(el, 'first_name'), 'no skeleton');
      const input = skeletonField(el, 'first_name')!;
      input.focus();
      // Real key presses: they count as the customer's interaction, as on a page.
      await sendKeys({ type: 'Ad' });
      await proxy.releaseConfig();
      await kit.waitUntil(() => kit.form(el), 'the configuration never arrived');
      await kit.form(el)!.updateComplete;
      await el.updateComplete;
      await sendKeys({ type: 'a L' });
      // Compared as a boolean: chai's diff of two elements would take the page down.
      expect(kit.form(el)!.shadowRoot!.activeElement === input, 'focus left the field').to.equal(
        true,
      );
      expect(input.value).to.equal('Ada L');
    });

    it('keeps what was typed, and a Continue pressed, through its failure and "Try again"', async () => {
      const proxy = await kit.fakeProxy({ holdConfig: true });
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.waitUntil(() => skeletonField(el, 'first_name'), 'no skeleton');
      const input = skeletonField(el, 'first_name')!;
      input.value = 'Ada';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      skeleton(el)!.shadowRoot!.querySelector<HTMLButtonElement>('[part="submit-button"]')!.click();
      await proxy.fail('config', 503, { error: 'Down.', code: 'upstream_unavailable' });
      await proxy.releaseConfig();
      await kit.untilHeading(el, 'Something went wrong');
      // The form is kept out of sight under the error, not drawn again.
      expect((skeleton(el) as HTMLElement | null)?.hidden).to.equal(true);
      const retry = [...kit.shadow(el).querySelectorAll('button')].find(
        (button) => button.textContent?.trim() === 'Try again',
      );
      retry!.click();
      await kit.waitUntil(() => kit.form(el), 'the configuration never arrived');
      expect(kit.field(el, 'first_name')).to.equal(input);
      expect(input.value).to.equal('Ada');
      // The Continue pressed before is still waiting: for the currency, where it goes on.
      const picker = kit.picker(el)!;
      await kit.waitUntil(() => picker.shadowRoot!.activeElement, 'the Continue was lost');
      expect(await proxy.requests('/api/config', 'GET')).to.have.length(2);
    });

    it('marks the moment the form first shows, once per form', async () => {
      performance.clearMarks('crypto-pay:form');
      const proxy = await kit.fakeProxy({ holdConfig: true });
      const el = await kit.render({ proxy: proxy.url, product: 'tea-crate' });
      await kit.waitUntil(() => skeletonField(el, 'first_name'), 'no skeleton');
      // Set once the form is in the DOM, its skeleton included: the customer can start.
      const [mark, ...more] = performance.getEntriesByName('crypto-pay:form', 'mark');
      expect(mark!.startTime).to.be.greaterThan(0);
      expect(more).to.have.length(0);
      // Neither the configuration's arrival nor later renders of the same form set another.
      await proxy.releaseConfig();
      await kit.waitUntil(() => kit.form(el), 'the configuration never arrived');
      await kit.type(el, 'first_name', 'Ada');
      await kit.form(el)!.updateComplete;
      expect(performance.getEntriesByName('crypto-pay:form')).to.have.length(1);
    });

    it('still shows a progress view where the amount choice comes with the configuration', async () => {
      const proxy = await kit.fakeProxy({ holdConfig: true });
      const el = await kit.render({ proxy: proxy.url, currency: 'EUR' });
      await kit.waitUntil(() => kit.result(el), 'no progress view');
      expect(kit.shadow(el).querySelector('crypto-pay-sender-form')).to.equal(null);
      await proxy.releaseConfig();
      await kit.waitUntil(() => kit.form(el), 'the configuration never arrived');
    });
  });

  describe('the order total', () => {
    it('shows a product price from the catalogue, digit for digit', async () => {
      const el = await kit.details(await kit.fakeProxy(), { product: 'tea-crate' });
      const total = kit.shadow(el).querySelector('[part="total"]');
      expect(total?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('A crate of tea 25.00 EUR');
    });

    it('shows an open amount as given, with grouping and every decimal', async () => {
      const openAmount = { min: '1.00', max: '5000.00', currencies: ['USD'] };
      const el = await kit.details(await kit.fakeProxy({ openAmount }), {
        amount: '1234.50',
        currency: 'USD',
      });
      expect(kit.shadow(el).querySelector('[part="total"]')?.textContent).to.contain(
        '1,234.50 USD',
      );
    });

    it('keeps the amount beside its currency on a 320 px phone, the description wrapping', async () => {
      const el = await kit.details(await kit.fakeProxy(), { product: 'tea-crate' });
      // A 320 px phone whose customer reads larger text (150 %).
      (el.parentElement as HTMLElement).style.width = '320px';
      el.style.fontSize = '24px';
      const price = kit.shadow(el).querySelector('[part="total"] strong') as HTMLElement;
      const lines = (element: Element) => {
        const words = document.createRange();
        words.selectNodeContents(element);
        return new Set([...words.getClientRects()].map((rect) => Math.round(rect.top))).size;
      };
      expect(price.textContent?.trim()).to.equal('25.00 EUR');
      expect(lines(price.previousElementSibling!), 'the description fits: no test').to.be.above(1);
      expect(lines(price), 'the price is broken over lines').to.equal(1);
    });

    it('shows the price a session pins, as the proxy tells it', async () => {
      const el = await kit.details(await kit.fakeProxy(), { session: 'sess_123' });
      const total = kit.shadow(el).querySelector('[part="total"]');
      expect(total?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Order 1042 42.50 EUR');
    });
  });

  describe('who pays', () => {
    it('asks a person for first name, last name and date of birth by default', async () => {
      const el = await kit.details(await kit.fakeProxy());
      const labels = [...(kit.form(el)?.shadowRoot?.querySelectorAll('label[for]') ?? [])].map(
        (label) => label.textContent?.trim(),
      );
      // The date of birth's parts, named by CLDR, in en-US's order.
      expect(labels).to.deep.equal([
        'First name',
        'Last name',
        'Month',
        'Day',
        'Year',
        'Email (optional)',
      ]);
      const dateOfBirth = kit.field(el, 'date_of_birth').closest('fieldset');
      expect(dateOfBirth?.querySelector('legend')?.textContent?.trim()).to.equal('Date of birth');
      for (const input of dateOfBirth?.querySelectorAll('input') ?? []) {
        expect(input.type).to.equal('text');
        expect(input.inputMode).to.equal('numeric');
      }
      expect(kit.form(el)?.shadowRoot?.querySelector('input[type="date"]')).to.equal(null);
    });

    it('asks a company for its legal name and country of registration', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.chooseSenderType(el, 'legal');
      expect(kit.field(el, 'legal_name')).to.exist;
      expect(kit.field(el, 'country_of_registration').tagName).to.equal('SELECT');
      expect(() => kit.field(el, 'first_name')).to.throw();
      await expect(el).to.be.accessible();
    });

    it('lists countries by name, searchable, with ISO alpha-3 values', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.chooseSenderType(el, 'legal');
      await kit.waitUntil(
        () => kit.field<HTMLSelectElement>(el, 'country_of_registration').options.length,
      );
      const select = kit.field<HTMLSelectElement>(el, 'country_of_registration');
      expect(select.options.length).to.equal(249);
      await kit.type(el, 'country-search', 'germ');
      const options = [...select.options].map((option) => [option.value, option.text.trim()]);
      expect(options).to.deep.equal([['DEU', 'Germany']]);
    });

    it('says so when no country matches the search', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.chooseSenderType(el, 'legal');
      const status = kit.form(el)?.shadowRoot?.querySelector('[role="status"]');
      expect(status?.textContent?.trim()).to.equal('');
      await kit.type(el, 'country-search', 'zzzz');
      expect(kit.visibleText(el)).to.contain('No country matches.');
      // Announced as the list empties: the live region was there before its words.
      await kit.waitUntil(() => status?.textContent?.trim() === 'No country matches.');
    });

    it('shows a name too long for the list in full on hover', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.chooseSenderType(el, 'legal');
      const select = kit.field<HTMLSelectElement>(el, 'country_of_registration');
      const georgia = [...select.options].find((option) => option.value === 'SGS');
      expect(georgia?.title).to.equal(georgia?.text.trim());
    });

    it('explains what the optional email is for', async () => {
      const el = await kit.details(await kit.fakeProxy());
      const email = kit.field(el, 'email');
      expect(email.getAttribute('aria-describedby')).to.equal('email-hint');
      expect(kit.visibleText(el)).to.contain('Only used to send you refund instructions');
    });
  });

  describe('the pay-with currency', () => {
    it('offers every configured currency on each of its networks, or the payment page', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.waitUntil(() => kit.picker(el)?.shadowRoot?.querySelectorAll('label').length);
      const options = [...(kit.picker(el)?.shadowRoot?.querySelectorAll('label') ?? [])].map(
        (label) => label.textContent?.trim(),
      );
      expect(options).to.deep.equal([
        'BTC on Bitcoin',
        'USDT on Ethereum',
        'USDT on Tron',
        'Choose on the payment page',
      ]);
      const checked = kit.picker(el)?.shadowRoot?.querySelector<HTMLInputElement>('input:checked');
      expect(checked?.value).to.equal('');
    });

    it('names a currency the proxy lists without a network by its code alone', async () => {
      const proxy = await kit.fakeProxy({
        config: {
          payment_currencies: [{ iso: 'XMR', precision: 12 }],
          products: { 'tea-crate': { amount: '25.00', currency: 'EUR' } },
          open_amount: null,
          sessions: false,
        },
      });
      const el = await kit.details(proxy);
      await kit.waitUntil(() => kit.picker(el)?.shadowRoot?.querySelectorAll('label').length);
      const options = [...(kit.picker(el)?.shadowRoot?.querySelectorAll('label') ?? [])].map(
        (label) => label.textContent?.trim(),
      );
      expect(options).to.deep.equal(['XMR', 'Choose on the payment page']);
    });
  });

  describe('validation as the customer types', () => {
    const rules: [string, string, string][] = [
      ['first_name', '   ', 'Enter your first name.'],
      ['first_name', 'x'.repeat(256), 'Use 255 characters or fewer.'],
      ['last_name', ' ', 'Enter your last name.'],
      ['last_name', 'y'.repeat(256), 'Use 255 characters or fewer.'],
      ['date_of_birth', '2999-01-01', 'Enter your real date of birth.'],
      ['date_of_birth', '1850-06-01', 'Enter your real date of birth.'],
      ['date_of_birth', '1990-06-31', 'This date is incomplete or does not exist.'],
      ['date_of_birth', '90-06-01', 'This date is incomplete or does not exist.'],
      ['email', 'not-an-email', 'Enter an email address like name@example.com'],
      ['email', 'ada@localhost', 'Enter an email address like name@example.com'],
    ];
    for (const [name, value, message] of rules) {
      it(`${name} "${value.slice(0, 12)}${value.length > 12 ? '…' : ''}": ${message}`, async () => {
        const el = await kit.details(await kit.fakeProxy());
        await kit.fillPerson(el);
        if (name === 'date_of_birth') await kit.typeDate(el, value);
        else await kit.type(el, name, value);
        await kit.leave(el, name);
        expect(kit.errorOf(el, name)).to.contain(message);
        expect(kit.field(el, name).getAttribute('aria-invalid')).to.equal('true');
      });
    }

    it('shows no message before the customer leaves a field', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.type(el, 'first_name', ' ');
      expect(kit.errorOf(el, 'first_name')).to.equal('');
      await kit.leave(el, 'first_name');
      expect(kit.errorOf(el, 'first_name')).to.equal('Enter your first name.');
    });

    it('flags no field left as the customer found it (tabbing through), until Continue', async () => {
      const el = await kit.details(await kit.fakeProxy());
      const fields = ['first_name', 'last_name', 'date_of_birth', 'email'];
      for (const name of fields) await kit.leave(el, name);
      for (const name of fields) {
        expect(kit.errorOf(el, name), name).to.equal('');
        expect(kit.field(el, name).getAttribute('aria-invalid'), name).to.equal('false');
      }
      kit.submitButton(el).click();
      await kit.untilText(el, '3 fields need your attention.');
      expect(kit.errorOf(el, 'first_name')).to.equal('Enter your first name.');
      expect(kit.errorOf(el, 'date_of_birth')).to.equal('Enter your date of birth.');
    });

    it('clears a message as soon as the value is right', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.fillPerson(el);
      await kit.type(el, 'email', 'ada@');
      await kit.leave(el, 'email');
      expect(kit.errorOf(el, 'email')).to.not.equal('');
      await kit.type(el, 'email', 'ada@example.com');
      expect(kit.errorOf(el, 'email')).to.equal('');
      expect(kit.field(el, 'email').getAttribute('aria-invalid')).to.equal('false');
    });

    it('checks a company: legal name required and too long, country required', async () => {
      const el = await kit.details(await kit.fakeProxy());
      await kit.chooseSenderType(el, 'legal');
      await kit.type(el, 'legal_name', ' ');
      await kit.leave(el, 'legal_name');
      expect(kit.errorOf(el, 'legal_name')).to.equal('Enter the legal name of the company.');
      await kit.type(el, 'legal_name', 'z'.repeat(256));
      expect(kit.errorOf(el, 'legal_name')).to.equal('Use 255 characters or fewer.');
      // Left as found, the country is asked for by Continue.
      await kit.leave(el, 'country_of_registration');
      expect(kit.errorOf(el, 'country_of_registration')).to.equal('');
      kit.submitButton(el).click();
      await kit.waitUntil(
        () =>
          kit.errorOf(el, 'country_of_registration') ===
          'Choose the country where the company is registered.',
        'Continue did not ask for the country',
      );
      await kit.chooseCountry(el, 'FRA');
      expect(kit.errorOf(el, 'country_of_registration')).to.equal('');
    });
  });

  describe('when submitted with mistakes', () => {
    it('shows every message, counts them, focuses the first and sends nothing', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.details(proxy);
      await kit.untilText(el, 'Continue to payment');
      await kit.type(el, 'email', 'nope');
      kit.submitButton(el).click();
      await kit.waitUntil(() => kit.errorOf(el, 'first_name'));
      expect(kit.errorOf(el, 'first_name')).to.equal('Enter your first name.');
      expect(kit.errorOf(el, 'last_name')).to.equal('Enter your last name.');
      expect(kit.errorOf(el, 'date_of_birth')).to.equal('Enter your date of birth.');
      expect(kit.errorOf(el, 'email')).to.contain('Enter an email address');
      expect(kit.visibleText(el)).to.contain('4 fields need your attention.');
      await kit.waitUntil(
        () => kit.form(el)?.shadowRoot?.activeElement === kit.field(el, 'first_name'),
      );
      expect(await proxy.requests('/api/checkouts')).to.have.length(0);
      await expect(el).to.be.accessible();
    });

    it('says the count again on the next try, even when it is the same', async () => {
      const el = await kit.details(await kit.fakeProxy());
      kit.submitButton(el).click();
      const alert = kit.form(el)?.shadowRoot?.querySelector('[role="alert"]');
      await kit.waitUntil(() => alert?.textContent?.includes('3 fields need your attention.'));
      const changes: string[] = [];
      new MutationObserver(() => changes.push(alert?.textContent?.trim() ?? '')).observe(alert!, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      kit.submitButton(el).click();
      await kit.waitUntil(() => changes.at(-1) === '3 fields need your attention.');
      // Emptied, then said again: a screen reader announces an alert only when it changes.
      expect(changes).to.include('');
    });
  });

  describe('when the proxy refuses a field (422)', () => {
    it('puts its message on that field and focuses it', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 422, {
        error: 'The last_name must be 255 characters or less.',
        code: 'last_name_too_long',
        field: 'sender_data.last_name',
      });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.waitUntil(() => kit.errorOf(el, 'last_name'), 'message never landed on last_name');
      expect(kit.errorOf(el, 'last_name')).to.equal('Use 255 characters or fewer.');
      expect(kit.field(el, 'last_name').getAttribute('aria-invalid')).to.equal('true');
      await kit.waitUntil(
        () => kit.form(el)?.shadowRoot?.activeElement === kit.field(el, 'last_name'),
      );
      expect(kit.visibleText(el)).to.contain('Your details');
    });

    it('asks for another pay-with currency when the service refuses the chosen one', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 422, {
        error: 'payment_currency.iso is disabled.',
        code: 'payment_currency_disabled',
        field: 'payment_currency.iso',
      });
      const el = await kit.details(proxy);
      await kit.fillPerson(el);
      await kit.chooseCurrency(el, 'USDT on Tron');
      kit.submitButton(el).click();
      const refused = 'This currency cannot be used for this payment right now. Choose another.';
      await kit.untilText(el, refused);
      expect(kit.visibleText(el)).to.not.contain('is disabled');
      // The focused choice carries the message for a screen reader.
      const picker = kit.form(el)?.shadowRoot?.querySelector('crypto-pay-currency-picker');
      const chosen = picker?.shadowRoot?.querySelector<HTMLInputElement>('input:checked');
      await kit.waitUntil(() => picker?.shadowRoot?.activeElement === chosen);
      expect(chosen?.getAttribute('aria-invalid')).to.equal('true');
      expect(chosen?.getAttribute('aria-describedby')).to.equal('currency-error');
      await kit.chooseCurrency(el, 'BTC on Bitcoin');
      expect(kit.visibleText(el)).to.not.contain(refused);
    });
  });
});
