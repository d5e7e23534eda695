import { expect, oneEvent } from '@open-wc/testing';
import {
  chooseCountry,
  chooseCurrency,
  chooseSenderType,
  clearStoredCheckouts,
  details,
  errorOf,
  fakeProxy,
  field,
  fillPerson,
  form,
  leave,
  picker,
  render,
  shadow,
  submitButton,
  type,
  untilHeading,
  untilText,
  visibleText,
  waitUntil,
} from '../../../test/helpers.ts';

describe('<crypto-pay> details step', () => {
  beforeEach(clearStoredCheckouts);

  it('is accessible', async () => {
    const el = await details(await fakeProxy());
    await waitUntil(() => field(el, 'first_name'));
    await expect(el).to.be.accessible();
  });

  it('loads the configuration once and announces it is ready', async () => {
    const proxy = await fakeProxy();
    const el = await render({ proxy: proxy.url, product: 'tea-crate' });
    await oneEvent(el, 'crypto-pay-ready');
    await untilHeading(el, 'Your details');
    expect(await proxy.requests('/api/config', 'GET')).to.have.length(1);
  });

  it('marks the moment the form first shows, once per form', async () => {
    performance.clearMarks('crypto-pay:form');
    const proxy = await fakeProxy();
    const el = await render({ proxy: proxy.url, product: 'tea-crate' });
    expect(performance.getEntriesByName('crypto-pay:form')).to.have.length(0);
    await waitUntil(() => form(el)?.shadowRoot?.querySelector('#first_name'));
    const [mark, ...more] = performance.getEntriesByName('crypto-pay:form', 'mark');
    expect(more).to.have.length(0);
    // Set after the configuration arrived and the form was in the DOM, not before.
    expect(mark!.startTime).to.be.greaterThan(0);
    // Later renders of the same form set no new mark.
    await type(el, 'first_name', 'Ada');
    await form(el)!.updateComplete;
    expect(performance.getEntriesByName('crypto-pay:form')).to.have.length(1);
  });

  describe('the order total', () => {
    it('shows a product price from the catalogue, digit for digit', async () => {
      const el = await details(await fakeProxy(), { product: 'tea-crate' });
      const total = shadow(el).querySelector('[part="total"]');
      expect(total?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('A crate of tea 25.00 EUR');
    });

    it('shows an open amount as given, with grouping and every decimal', async () => {
      const openAmount = { min: '1.00', max: '5000.00', currencies: ['USD'] };
      const el = await details(await fakeProxy({ openAmount }), {
        amount: '1234.50',
        currency: 'USD',
      });
      expect(shadow(el).querySelector('[part="total"]')?.textContent).to.contain('1,234.50 USD');
    });

    it('shows the price a session pins, as the proxy tells it', async () => {
      const el = await details(await fakeProxy(), { session: 'sess_123' });
      const total = shadow(el).querySelector('[part="total"]');
      expect(total?.textContent?.replace(/\s+/g, ' ').trim()).to.equal('Order 1042 42.50 EUR');
    });
  });

  describe('who pays', () => {
    it('asks a person for first name, last name and date of birth by default', async () => {
      const el = await details(await fakeProxy());
      const labels = [...(form(el)?.shadowRoot?.querySelectorAll('label[for]') ?? [])].map(
        (label) => label.textContent?.trim(),
      );
      expect(labels).to.deep.equal([
        'First name',
        'Last name',
        'Date of birth',
        'Email (optional)',
      ]);
      expect(field(el, 'date_of_birth').type).to.equal('date');
    });

    it('asks a company for its legal name and country of registration', async () => {
      const el = await details(await fakeProxy());
      await chooseSenderType(el, 'legal');
      expect(field(el, 'legal_name')).to.exist;
      expect(field(el, 'country_of_registration').tagName).to.equal('SELECT');
      expect(() => field(el, 'first_name')).to.throw();
      await expect(el).to.be.accessible();
    });

    it('lists countries by name, searchable, with ISO alpha-3 values', async () => {
      const el = await details(await fakeProxy());
      await chooseSenderType(el, 'legal');
      await waitUntil(() => field<HTMLSelectElement>(el, 'country_of_registration').options.length);
      const select = field<HTMLSelectElement>(el, 'country_of_registration');
      expect(select.options.length).to.equal(249);
      await type(el, 'country-search', 'germ');
      const options = [...select.options].map((option) => [option.value, option.text.trim()]);
      expect(options).to.deep.equal([['DEU', 'Germany']]);
    });

    it('says so when no country matches the search', async () => {
      const el = await details(await fakeProxy());
      await chooseSenderType(el, 'legal');
      const status = form(el)?.shadowRoot?.querySelector('[role="status"]');
      expect(status?.textContent?.trim()).to.equal('');
      await type(el, 'country-search', 'zzzz');
      expect(visibleText(el)).to.contain('No country matches.');
      // Announced as the list empties: the live region was there before its words.
      await waitUntil(() => status?.textContent?.trim() === 'No country matches.');
    });

    it('shows a name too long for the list in full on hover', async () => {
      const el = await details(await fakeProxy());
      await chooseSenderType(el, 'legal');
      const select = field<HTMLSelectElement>(el, 'country_of_registration');
      const georgia = [...select.options].find((option) => option.value === 'SGS');
      expect(georgia?.title).to.equal(georgia?.text.trim());
    });

    it('explains what the optional email is for', async () => {
      const el = await details(await fakeProxy());
      const email = field(el, 'email');
      expect(email.getAttribute('aria-describedby')).to.equal('email-hint');
      expect(visibleText(el)).to.contain('Only used to send you refund instructions');
    });
  });

  describe('the pay-with currency', () => {
    it('offers every configured currency on each of its networks, or the payment page', async () => {
      const el = await details(await fakeProxy());
      await waitUntil(() => picker(el)?.shadowRoot?.querySelectorAll('label').length);
      const options = [...(picker(el)?.shadowRoot?.querySelectorAll('label') ?? [])].map((label) =>
        label.textContent?.trim(),
      );
      expect(options).to.deep.equal([
        'BTC on Bitcoin',
        'USDT on Ethereum',
        'USDT on Tron',
        'Choose on the payment page',
      ]);
      const checked = picker(el)?.shadowRoot?.querySelector<HTMLInputElement>('input:checked');
      expect(checked?.value).to.equal('');
    });

    it('names a currency the proxy lists without a network by its code alone', async () => {
      const proxy = await fakeProxy({
        config: {
          payment_currencies: [{ iso: 'XMR', precision: 12 }],
          products: { 'tea-crate': { amount: '25.00', currency: 'EUR' } },
          open_amount: null,
          sessions: false,
        },
      });
      const el = await details(proxy);
      await waitUntil(() => picker(el)?.shadowRoot?.querySelectorAll('label').length);
      const options = [...(picker(el)?.shadowRoot?.querySelectorAll('label') ?? [])].map((label) =>
        label.textContent?.trim(),
      );
      expect(options).to.deep.equal(['XMR', 'Choose on the payment page']);
    });
  });

  describe('validation as the customer types', () => {
    const rules: [string, string, string][] = [
      ['first_name', '', 'Enter your first name.'],
      ['first_name', '   ', 'Enter your first name.'],
      ['first_name', 'x'.repeat(256), 'Use 255 characters or fewer.'],
      ['last_name', '', 'Enter your last name.'],
      ['last_name', 'y'.repeat(256), 'Use 255 characters or fewer.'],
      ['date_of_birth', '', 'Enter your date of birth.'],
      ['date_of_birth', '2999-01-01', 'Enter your real date of birth.'],
      ['date_of_birth', '1850-06-01', 'Enter your real date of birth.'],
      ['email', 'not-an-email', 'Enter an email address like name@example.com'],
      ['email', 'ada@localhost', 'Enter an email address like name@example.com'],
    ];
    for (const [name, value, message] of rules) {
      it(`${name} "${value.slice(0, 12)}${value.length > 12 ? '…' : ''}": ${message}`, async () => {
        const el = await details(await fakeProxy());
        await fillPerson(el);
        await type(el, name, value);
        await leave(el, name);
        expect(errorOf(el, name)).to.contain(message);
        expect(field(el, name).getAttribute('aria-invalid')).to.equal('true');
      });
    }

    it('shows no message before the customer leaves a field', async () => {
      const el = await details(await fakeProxy());
      await type(el, 'first_name', 'A');
      await type(el, 'first_name', '');
      expect(errorOf(el, 'first_name')).to.equal('');
      await leave(el, 'first_name');
      expect(errorOf(el, 'first_name')).to.equal('Enter your first name.');
    });

    it('clears a message as soon as the value is right', async () => {
      const el = await details(await fakeProxy());
      await fillPerson(el);
      await type(el, 'email', 'ada@');
      await leave(el, 'email');
      expect(errorOf(el, 'email')).to.not.equal('');
      await type(el, 'email', 'ada@example.com');
      expect(errorOf(el, 'email')).to.equal('');
      expect(field(el, 'email').getAttribute('aria-invalid')).to.equal('false');
    });

    it('checks a company: legal name required and too long, country required', async () => {
      const el = await details(await fakeProxy());
      await chooseSenderType(el, 'legal');
      await type(el, 'legal_name', '');
      await leave(el, 'legal_name');
      expect(errorOf(el, 'legal_name')).to.equal('Enter the legal name of the company.');
      await type(el, 'legal_name', 'z'.repeat(256));
      expect(errorOf(el, 'legal_name')).to.equal('Use 255 characters or fewer.');
      await leave(el, 'country_of_registration');
      expect(errorOf(el, 'country_of_registration')).to.equal(
        'Choose the country where the company is registered.',
      );
      await chooseCountry(el, 'FRA');
      expect(errorOf(el, 'country_of_registration')).to.equal('');
    });
  });

  describe('when submitted with mistakes', () => {
    it('shows every message, counts them, focuses the first and sends nothing', async () => {
      const proxy = await fakeProxy();
      const el = await details(proxy);
      await untilText(el, 'Continue to payment');
      await type(el, 'email', 'nope');
      submitButton(el).click();
      await waitUntil(() => errorOf(el, 'first_name'));
      expect(errorOf(el, 'first_name')).to.equal('Enter your first name.');
      expect(errorOf(el, 'last_name')).to.equal('Enter your last name.');
      expect(errorOf(el, 'date_of_birth')).to.equal('Enter your date of birth.');
      expect(errorOf(el, 'email')).to.contain('Enter an email address');
      expect(visibleText(el)).to.contain('4 fields need your attention.');
      await waitUntil(() => form(el)?.shadowRoot?.activeElement === field(el, 'first_name'));
      expect(await proxy.requests('/api/checkouts')).to.have.length(0);
      await expect(el).to.be.accessible();
    });

    it('says the count again on the next try, even when it is the same', async () => {
      const el = await details(await fakeProxy());
      submitButton(el).click();
      const alert = form(el)?.shadowRoot?.querySelector('[role="alert"]');
      await waitUntil(() => alert?.textContent?.includes('3 fields need your attention.'));
      const changes: string[] = [];
      new MutationObserver(() => changes.push(alert?.textContent?.trim() ?? '')).observe(alert!, {
        childList: true,
        characterData: true,
        subtree: true,
      });
      submitButton(el).click();
      await waitUntil(() => changes.at(-1) === '3 fields need your attention.');
      // Emptied, then said again: a screen reader announces an alert only when it changes.
      expect(changes).to.include('');
    });
  });

  describe('when the proxy refuses a field (422)', () => {
    it('puts its message on that field and focuses it', async () => {
      const proxy = await fakeProxy();
      await proxy.fail('create', 422, {
        error: 'The last_name must be 255 characters or less.',
        code: 'last_name_too_long',
        field: 'sender_data.last_name',
      });
      const el = await details(proxy);
      await fillPerson(el);
      submitButton(el).click();
      await waitUntil(() => errorOf(el, 'last_name'), 'message never landed on last_name');
      expect(errorOf(el, 'last_name')).to.equal('Use 255 characters or fewer.');
      expect(field(el, 'last_name').getAttribute('aria-invalid')).to.equal('true');
      await waitUntil(() => form(el)?.shadowRoot?.activeElement === field(el, 'last_name'));
      expect(visibleText(el)).to.contain('Your details');
    });

    it('asks for another pay-with currency when the service refuses the chosen one', async () => {
      const proxy = await fakeProxy();
      await proxy.fail('create', 422, {
        error: 'payment_currency.iso is disabled.',
        code: 'payment_currency_disabled',
        field: 'payment_currency.iso',
      });
      const el = await details(proxy);
      await fillPerson(el);
      await chooseCurrency(el, 'USDT on Tron');
      submitButton(el).click();
      const refused = 'This currency cannot be used for this payment right now. Choose another.';
      await untilText(el, refused);
      expect(visibleText(el)).to.not.contain('is disabled');
      // The focused choice carries the message for a screen reader.
      const picker = form(el)?.shadowRoot?.querySelector('crypto-pay-currency-picker');
      const chosen = picker?.shadowRoot?.querySelector<HTMLInputElement>('input:checked');
      await waitUntil(() => picker?.shadowRoot?.activeElement === chosen);
      expect(chosen?.getAttribute('aria-invalid')).to.equal('true');
      expect(chosen?.getAttribute('aria-describedby')).to.equal('currency-error');
      await chooseCurrency(el, 'BTC on Bitcoin');
      expect(visibleText(el)).to.not.contain(refused);
    });
  });
});
