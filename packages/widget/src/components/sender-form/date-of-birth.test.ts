import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from '../crypto-pay/crypto-pay.component.ts';

const UNREADABLE = 'This date is incomplete or does not exist. Enter the day, month and year.';

/**
 * The person's form with names filled in and `parts` typed into the date as a customer types
 * (month/day/year for en-US): the browser's input keeps a half-typed date to itself, with no
 * input event, and only says `badInput`.
 */
async function typedDate(parts: string): Promise<CryptoPay> {
  const el = await kit.details(await kit.fakeProxy());
  await kit.type(el, 'first_name', kit.SENDER.sender_data.first_name);
  await kit.type(el, 'last_name', kit.SENDER.sender_data.last_name);
  kit.field(el, 'date_of_birth').focus();
  await sendKeys({ type: parts });
  return el;
}

describe('<crypto-pay> date of birth typed in part', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('says the date is incomplete when the customer leaves it half typed', async () => {
    const el = await typedDate('0215');
    expect(kit.field(el, 'date_of_birth').validity.badInput).to.equal(true);
    // Tab would go to the year's part, still in the input: the customer moves on by pointer.
    kit.field(el, 'email').focus();
    await kit.waitUntil(() => kit.errorOf(el, 'date_of_birth'), 'no message on leaving');
    expect(kit.errorOf(el, 'date_of_birth')).to.equal(UNREADABLE);
    expect(kit.field(el, 'date_of_birth').getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('says so on Continue too, counted in the summary, focus on the date', async () => {
    const proxy = await kit.fakeProxy();
    const el = await typedDate('0215');
    kit.submitButton(el).click();
    await kit.untilText(el, 'One field needs your attention.');
    expect(kit.errorOf(el, 'date_of_birth')).to.equal(UNREADABLE);
    await kit.waitUntil(
      () => kit.form(el)?.shadowRoot?.activeElement === kit.field(el, 'date_of_birth'),
      'focus did not move to the date',
    );
    expect(await proxy.requests('/api/checkouts')).to.have.length(0);
  });

  it('says so of a day the month does not have (February 31)', async () => {
    const el = await typedDate('02312001');
    kit.submitButton(el).click();
    await kit.untilText(el, 'One field needs your attention.');
    expect(kit.errorOf(el, 'date_of_birth')).to.equal(UNREADABLE);
  });

  it('drops the message once the whole date is typed', async () => {
    const el = await typedDate('0215');
    kit.submitButton(el).click();
    await kit.waitUntil(() => kit.errorOf(el, 'date_of_birth'), 'no message');
    kit.field(el, 'date_of_birth').focus();
    // The year is the part still missing; the input's focus lands on its first part.
    await sendKeys({ type: '02151990' });
    await kit.form(el)?.updateComplete;
    expect(kit.field(el, 'date_of_birth').value).to.equal('1990-02-15');
    expect(kit.errorOf(el, 'date_of_birth')).to.equal('');
  });

  it('keeps the other parts when the customer clears one part of a whole date', async () => {
    const el = await typedDate('02151990');
    expect(kit.field(el, 'date_of_birth').value).to.equal('1990-02-15');
    // Backspace clears the year's part: the input's value is empty, the month and day stay.
    await sendKeys({ press: 'Backspace' });
    await kit.form(el)?.updateComplete;
    expect(kit.field(el, 'date_of_birth').validity.badInput, 'the whole date was cleared').to.equal(
      true,
    );
    kit.field(el, 'email').focus();
    await kit.waitUntil(() => kit.errorOf(el, 'date_of_birth'), 'no message on leaving');
    expect(kit.errorOf(el, 'date_of_birth')).to.equal(UNREADABLE);
  });
});
