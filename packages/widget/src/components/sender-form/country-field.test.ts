import { expect } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from '../crypto-pay/crypto-pay.component.ts';

const list = (el: CryptoPay) => kit.field<HTMLSelectElement>(el, 'country_of_registration');
const search = (el: CryptoPay) => kit.field(el, 'country-search');
const selectedOptions = (el: CryptoPay) =>
  [...list(el).options].filter((option) => option.selected).map((option) => option.value);

/** A company's form with its legal name filled in, focus in the country search box. */
async function companyForm(proxy: kit.FakeProxy, locale = 'en') {
  const el = await kit.render({ proxy: proxy.url, product: 'tea-crate', locale });
  await kit.untilHeading(el, locale === 'de' ? 'Ihre Angaben' : 'Your details');
  await kit.waitUntil(() => kit.form(el), 'no form');
  await kit.chooseSenderType(el, 'legal');
  await kit.type(el, 'legal_name', kit.LEGAL_SENDER.sender_data.legal_name);
  search(el).focus();
  return el;
}

/** Keys typed into the focused search box, then the form's render. */
async function keys(el: CryptoPay, action: Parameters<typeof sendKeys>[0]) {
  await sendKeys(action);
  await kit.form(el)?.updateComplete;
}

describe('<crypto-pay> company country field', () => {
  beforeEach(kit.clearStoredCheckouts);
  afterEach(() => resetMouse());

  it('is a combobox over the list, accessible', async () => {
    const el = await companyForm(await kit.fakeProxy());
    expect(search(el).getAttribute('role')).to.equal('combobox');
    expect(search(el).getAttribute('aria-controls')).to.equal('country_of_registration');
    expect(search(el).getAttribute('aria-expanded')).to.equal('true');
    await keys(el, { type: 'ger' });
    await keys(el, { press: 'ArrowDown' });
    await expect(el).to.be.accessible();
  });

  it('takes a whole name typed as the choice, and sends it', async () => {
    const proxy = await kit.fakeProxy();
    const el = await companyForm(proxy);
    await keys(el, { type: 'Germany' });
    expect(list(el).value).to.equal('DEU');
    expect(search(el).getAttribute('aria-activedescendant')).to.equal('country-DEU');
    kit.submitButton(el).click();
    await kit.untilPayStep(el);
    const [create] = await proxy.requests('/api/checkouts', 'POST');
    expect(create?.body?.sender_data).to.deep.equal({
      legal_name: kit.LEGAL_SENDER.sender_data.legal_name,
      country_of_registration: 'DEU',
    });
  });

  it('takes the only match as the choice', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'ger' });
    expect(list(el).value).to.equal('');
    await keys(el, { type: 'm' });
    expect(list(el).value).to.equal('DEU');
  });

  it('takes a whole name in any case over the longer names it starts', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'NIGER' });
    expect([...list(el).options].map((option) => option.value)).to.include('NGA');
    expect(list(el).value).to.equal('NER');
  });

  it('takes a whole name in the page’s language', async () => {
    const el = await companyForm(await kit.fakeProxy(), 'de');
    await keys(el, { type: 'guinea' });
    const shown = [...list(el).options].map((option) => option.text.trim());
    expect(shown).to.include.members(['Äquatorialguinea', 'Guinea', 'Guinea-Bissau']);
    expect(list(el).value).to.equal('GIN');
  });

  it('moves the choice from the highlighted match with the arrows, focus staying in the box', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'ger' });
    const shown = [...list(el).options].map((option) => option.value);
    expect(shown).to.deep.equal(['DZA', 'DEU', 'NER', 'NGA']);
    await keys(el, { press: 'ArrowDown' });
    expect(list(el).value).to.equal('DEU');
    expect(search(el).getAttribute('aria-activedescendant')).to.equal('country-DEU');
    await keys(el, { press: 'ArrowUp' });
    expect(list(el).value).to.equal('DZA');
    expect(kit.form(el)?.shadowRoot?.activeElement).to.equal(search(el));
  });

  it('leaves the arrows with Alt, Ctrl or Meta to the browser', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'ger' });
    for (const modifier of ['Alt', 'Control', 'Meta']) {
      await sendKeys({ down: modifier });
      await keys(el, { press: 'ArrowDown' });
      await sendKeys({ up: modifier });
      expect(list(el).value, modifier).to.equal('');
    }
  });

  it('keeps the list and the choice in step after a click, then the arrows', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'ger' });
    const algeria = list(el).querySelector<HTMLOptionElement>('#country-DZA');
    const box = algeria?.getBoundingClientRect();
    if (!box) throw new Error('no Algeria shown');
    await sendMouse({
      type: 'click',
      position: [Math.round(box.x + 10), Math.round(box.y + box.height / 2)],
    });
    await kit.waitUntil(() => list(el).value === 'DZA', 'the click chose nothing');
    search(el).focus();
    await keys(el, { press: 'ArrowDown' });
    await keys(el, { press: 'ArrowUp' });
    await keys(el, { press: 'ArrowDown' });
    expect(list(el).value).to.equal('DEU');
    expect(selectedOptions(el)).to.deep.equal(['DEU']);
    expect(search(el).getAttribute('aria-activedescendant')).to.equal('country-DEU');
  });

  it('picks the highlighted country on Enter, and does not submit the form', async () => {
    const proxy = await kit.fakeProxy();
    const el = await companyForm(proxy);
    const submits: Event[] = [];
    kit.form(el)?.addEventListener('details-submit', (event) => submits.push(event));
    await keys(el, { type: 'ger' });
    await keys(el, { press: 'ArrowDown' });
    await keys(el, { press: 'Enter' });
    expect(list(el).value).to.equal('DEU');
    expect(kit.visibleText(el)).to.not.contain('need your attention');
    expect(submits).to.have.length(0);
    // The form goes on from its button, or Enter in another field.
    kit.submitButton(el).click();
    await kit.untilPayStep(el);
    const [create] = await proxy.requests('/api/checkouts', 'POST');
    expect(create?.body?.sender_data).to.have.property('country_of_registration', 'DEU');
  });

  it('highlights the first match as the customer types, without choosing it; Enter takes it', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'ger' });
    expect(search(el).getAttribute('aria-activedescendant')).to.equal('country-DZA');
    expect(
      list(el).querySelector<HTMLOptionElement>('#country-DZA')?.style.backgroundColor,
    ).to.not.equal('');
    expect(list(el).value).to.equal('');
    await keys(el, { press: 'Enter' });
    expect(list(el).value).to.equal('DZA');
  });

  it('picks nothing on Enter with nothing typed, and does not submit the form', async () => {
    const el = await companyForm(await kit.fakeProxy());
    const submits: Event[] = [];
    kit.form(el)?.addEventListener('details-submit', (event) => submits.push(event));
    expect(search(el).hasAttribute('aria-activedescendant')).to.equal(false);
    await keys(el, { press: 'Enter' });
    expect(list(el).value).to.equal('');
    expect(selectedOptions(el)).to.deep.equal([]);
    expect(submits).to.have.length(0);
  });

  it('says the list is collapsed when nothing matches', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'zzz' });
    expect(search(el).getAttribute('aria-expanded')).to.equal('false');
    await keys(el, { press: 'Backspace' });
    await keys(el, { press: 'Backspace' });
    await keys(el, { press: 'Backspace' });
    expect(search(el).getAttribute('aria-expanded')).to.equal('true');
  });

  it('drops the choice when the search no longer matches it', async () => {
    const el = await companyForm(await kit.fakeProxy());
    await keys(el, { type: 'Chad' });
    expect(list(el).value).to.equal('TCD');
    search(el).select();
    await keys(el, { type: 'Congo' });
    expect(list(el).value).to.equal('');
    expect(selectedOptions(el)).to.deep.equal([]);
  });

  it('picks nothing while an input method composes, and the name once it is done', async () => {
    const el = await companyForm(await kit.fakeProxy());
    const box = search(el);
    box.value = 'Germany';
    box.dispatchEvent(
      new InputEvent('input', { bubbles: true, composed: true, isComposing: true }),
    );
    await kit.form(el)?.updateComplete;
    expect(list(el).value).to.equal('');
    box.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, composed: true }));
    await kit.form(el)?.updateComplete;
    expect(list(el).value).to.equal('DEU');
  });

  it('says to pick from the list when the search names no single country', async () => {
    const proxy = await kit.fakeProxy();
    const el = await companyForm(proxy);
    await keys(el, { type: 'ger' });
    kit.submitButton(el).click();
    await kit.untilText(el, 'One field needs your attention.');
    expect(kit.errorOf(el, 'country_of_registration')).to.equal(
      'Pick the country from the list, or type its full name.',
    );
    expect(await proxy.requests('/api/checkouts')).to.have.length(0);
    // The search box says so too, and has the focus: the customer goes on typing there.
    await kit.waitUntil(
      () => kit.form(el)?.shadowRoot?.activeElement === search(el),
      'focus did not go to the search box',
    );
    expect(search(el).getAttribute('aria-invalid')).to.equal('true');
    const describedBy = search(el).getAttribute('aria-describedby') ?? '';
    expect(kit.form(el)?.shadowRoot?.getElementById(describedBy)?.textContent).to.equal(
      'Pick the country from the list, or type its full name.',
    );
    search(el).setSelectionRange(3, 3);
    await keys(el, { type: 'many' });
    expect(kit.errorOf(el, 'country_of_registration')).to.equal('');
  });
});
