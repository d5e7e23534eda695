import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { LitElement } from 'lit';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from '../crypto-pay/crypto-pay.component.ts';
import type { DetailsSubmit } from './form-fields.ts';

const INCOMPLETE = 'This date is incomplete or does not exist. Enter the day, month and year.';

/** The date of birth's labels, in the order its fields show. */
const partLabels = (el: CryptoPay) => {
  const fieldset = kit.form(el)?.shadowRoot?.querySelector('#date_of_birth')?.closest('fieldset');
  return [...(fieldset?.querySelectorAll('label') ?? [])].map((label) => label.textContent?.trim());
};

/** The person's form with the names filled in and `date` (YYYY-MM-DD) typed into the date. */
async function typedDate(date: string, proxy?: kit.FakeProxy): Promise<CryptoPay> {
  const el = await kit.details(proxy ?? (await kit.fakeProxy()));
  await kit.type(el, 'first_name', kit.SENDER.sender_data.first_name);
  await kit.type(el, 'last_name', kit.SENDER.sender_data.last_name);
  await kit.typeDate(el, date);
  return el;
}

/** What the form sends on each Continue from now on (its `details-submit`), in order. */
function detailsSent(el: CryptoPay): DetailsSubmit[] {
  const sent: DetailsSubmit[] = [];
  kit
    .form(el)
    ?.addEventListener('details-submit', (event) =>
      sent.push((event as CustomEvent<DetailsSubmit>).detail),
    );
  return sent;
}

/** Each of the date of birth's three inputs says it is in error. */
const allInvalid = (el: CryptoPay) =>
  (['day', 'month', 'year'] as const).every(
    (part) => kit.datePart(el, part).getAttribute('aria-invalid') === 'true',
  );

describe('<crypto-pay> date of birth as three fields', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('holds its place until its fields come with the rules: nothing below it moves', async () => {
    const el = await kit.details(await kit.fakeProxy());
    // The form's rules are its own: reached as the element's state, to take them away and back.
    const form = kit.form(el) as unknown as LitElement & { rules: unknown };
    const email = () => kit.field(el, 'email').getBoundingClientRect().top;
    const withFields = email();
    // As the form first shows, before its rules' chunk has come.
    const rules = form.rules;
    form.rules = undefined;
    await form.updateComplete;
    expect(form.shadowRoot?.querySelector('#date_of_birth')).to.equal(null);
    expect(email()).to.be.closeTo(withFields, 0.5);
    form.rules = rules;
    await form.updateComplete;
    expect(email()).to.be.closeTo(withFields, 0.5);
  });

  it('asks for the month, day and year in en-US, each in a numeric field', async () => {
    const el = await kit.details(await kit.fakeProxy());
    await expect(el).to.be.accessible();
    expect(partLabels(el)).to.deep.equal(['Month', 'Day', 'Year']);
    expect(kit.field(el, 'date_of_birth')).to.equal(kit.datePart(el, 'month'));
    for (const part of ['day', 'month', 'year'] as const) {
      expect(kit.datePart(el, part).inputMode).to.equal('numeric');
    }
  });

  it('orders and names the fields in the form’s language (German: Tag, Monat, Jahr)', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'de' });
    await kit.untilHeading(el, 'Ihre Angaben');
    await kit.waitUntil(() => partLabels(el).join() === 'Tag,Monat,Jahr', 'not German parts');
    expect(kit.field(el, 'date_of_birth')).to.equal(kit.datePart(el, 'day'));
    await expect(el).to.be.accessible();
  });

  it('says a date typed in part is incomplete once the customer leaves it', async () => {
    const el = await typedDate('-02-15');
    // Going from one part to the next is not leaving the date.
    kit.datePart(el, 'day').focus();
    kit.datePart(el, 'year').focus();
    await kit.form(el)?.updateComplete;
    expect(kit.errorOf(el, 'date_of_birth')).to.equal('');
    kit.field(el, 'email').focus();
    await kit.waitUntil(() => kit.errorOf(el, 'date_of_birth'), 'no message on leaving');
    expect(kit.errorOf(el, 'date_of_birth')).to.equal(INCOMPLETE);
    expect(allInvalid(el), 'aria-invalid on every part').to.equal(true);
    await expect(el).to.be.accessible();
  });

  for (const [what, date] of [
    ['typed in part (day and month only)', '-02-15'],
    ['a day the month does not have (31 February)', '1990-02-31'],
  ]) {
    it(`says on Continue that ${what} is incomplete, counted, focus on its first field`, async () => {
      const proxy = await kit.fakeProxy();
      const el = await typedDate(date!, proxy);
      kit.submitButton(el).click();
      await kit.untilText(el, 'One field needs your attention.');
      expect(kit.errorOf(el, 'date_of_birth')).to.equal(INCOMPLETE);
      await kit.waitUntil(
        () => kit.form(el)?.shadowRoot?.activeElement === kit.datePart(el, 'month'),
        'focus did not move to the date’s first field',
      );
      expect(await proxy.requests('/api/checkouts')).to.have.length(0);
    });
  }

  it('says a day the month does not have is incomplete once the customer leaves it', async () => {
    const el = await typedDate('1990-02-31');
    await kit.leave(el, 'date_of_birth');
    expect(kit.errorOf(el, 'date_of_birth')).to.equal(INCOMPLETE);
  });

  it('sends a whole date as its ISO day, zero-padded', async () => {
    const proxy = await kit.fakeProxy();
    const el = await typedDate('1990-4-5', proxy);
    const submits = detailsSent(el);
    kit.submitButton(el).click();
    await kit.untilPayStep(el);
    expect(submits[0]?.senderData).to.have.property('date_of_birth', '1990-04-05');
    const creates = await proxy.requests('/api/checkouts', 'POST');
    expect(creates).to.have.length(1);
    expect(creates[0]!.body).to.have.nested.property('sender_data.date_of_birth', '1990-04-05');
  });

  it('sends a Persian customer’s solar Hijri date, typed in Persian digits, as its Gregorian day', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'fa' });
    await kit.untilHeading(el, 'اطلاعات شما');
    await kit.waitUntil(() => partLabels(el).join() === 'سال,ماه,روز', 'not Persian parts');
    await kit.type(el, 'first_name', kit.SENDER.sender_data.first_name);
    await kit.type(el, 'last_name', kit.SENDER.sender_data.last_name);
    // 1 Mehr 1370, as a Persian keyboard types it.
    await kit.typeDate(el, '۱۳۷۰-۷-۱');
    const submits = detailsSent(el);
    kit.submitButton(el).click();
    await kit.waitUntil(() => submits.length === 1, 'the details were not sent');
    expect(submits[0]?.senderData).to.have.property('date_of_birth', '1991-09-23');
    // What the customer typed stays as typed.
    expect(kit.dateParts(el)).to.deep.equal({ day: '۱', month: '۷', year: '۱۳۷۰' });
  });

  it('drops the message once the whole date is typed', async () => {
    const el = await typedDate('-02-15');
    kit.submitButton(el).click();
    await kit.waitUntil(() => kit.errorOf(el, 'date_of_birth'), 'no message');
    kit.datePart(el, 'year').focus();
    await sendKeys({ type: '1990' });
    await kit.form(el)?.updateComplete;
    expect(kit.dateParts(el)).to.deep.equal({ day: '15', month: '02', year: '1990' });
    expect(kit.errorOf(el, 'date_of_birth')).to.equal('');
  });

  it('keeps the three parts when the customer switches to a company and back', async () => {
    const el = await typedDate('-02-15');
    await kit.chooseSenderType(el, 'legal');
    await kit.chooseSenderType(el, 'natural');
    expect(kit.dateParts(el)).to.deep.equal({ day: '15', month: '02', year: '' });
    kit.datePart(el, 'year').focus();
    await sendKeys({ type: '1990' });
    await kit.form(el)?.updateComplete;
    expect(kit.dateParts(el)).to.deep.equal({ day: '15', month: '02', year: '1990' });
  });

  it('keeps each part with its field when the language’s order arrives after typing', async () => {
    const proxy = await kit.fakeProxy();
    const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale: 'de' });
    await kit.untilHeading(el, 'Ihre Angaben');
    await kit.waitUntil(() => partLabels(el).join() === 'Tag,Monat,Jahr', 'not German parts');
    await kit.typeDate(el, '1990-02-15');
    el.locale = 'en';
    await kit.untilHeading(el, 'Your details');
    await kit.form(el)?.updateComplete;
    expect(partLabels(el)).to.deep.equal(['Month', 'Day', 'Year']);
    expect(kit.field(el, 'date_of_birth').value).to.equal('02');
    expect(kit.dateParts(el)).to.deep.equal({ day: '15', month: '02', year: '1990' });
  });
});
