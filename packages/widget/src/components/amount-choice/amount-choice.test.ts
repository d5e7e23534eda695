import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';
import { checkOpenAmount, refusalSentence } from '../../utilities/open-amount.ts';
import type CryptoPay from '../crypto-pay/crypto-pay.component.ts';
import type { AmountChoiceSetup } from './amount-choice-setup.ts';
import './amount-choice.ts';

const choice = kit.amountChoice;
const choiceRoot = (el: CryptoPay) => choice(el)?.shadowRoot as ShadowRoot;
const presets = (el: CryptoPay) => [
  ...choiceRoot(el).querySelectorAll<HTMLInputElement>('input[type="radio"]'),
];
const presetLabels = (el: CryptoPay) =>
  presets(el).map((radio) => radio.closest('label')?.textContent?.trim());
const otherField = (el: CryptoPay) =>
  choiceRoot(el).querySelector<HTMLInputElement>('#other-amount') as HTMLInputElement;

/** The messages the other amount's field is described by (its hint, its error). */
function describedBy(el: CryptoPay): string[] {
  const ids = (otherField(el).getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => choiceRoot(el).getElementById(id)?.textContent?.trim() ?? '');
}

const errorOfAmount = (el: CryptoPay) =>
  choiceRoot(el).querySelector('#other-amount-error')?.textContent?.trim() ?? '';

async function choosePreset(el: CryptoPay, label: string): Promise<void> {
  const radio = presets(el).find((input) => input.closest('label')?.textContent?.trim() === label);
  if (!radio) throw new Error(`no preset "${label}"`);
  radio.click();
  await choice(el)?.updateComplete;
}

/** The element's details step with the amount choice shown. */
async function donation(proxy: kit.FakeProxy, attributes: Record<string, string>) {
  const el = await kit.details(proxy, attributes);
  await kit.waitUntil(
    () => choice(el)?.shadowRoot?.querySelector('#other-amount'),
    'no amount choice',
  );
  return el;
}

const deepActive = () => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};

const BOUNDS = 'Choose an amount between 1.00 and 500.00 EUR.';

describe('<crypto-pay> amount choice (donations)', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('is accessible, presets and other amount alike', async () => {
    const el = await donation(await kit.fakeProxy(), { currency: 'EUR', amounts: '5 20 50' });
    await expect(el).to.be.accessible();
    await kit.typeAmount(el, '12.505');
    await expect(el).to.be.accessible();
  });

  describe('presets', () => {
    it('offers the page’s presets as a radio group named Amount, in the bounds’ places', async () => {
      const el = await donation(await kit.fakeProxy(), { currency: 'EUR', amounts: '5 20.00 50' });
      const group = choiceRoot(el).querySelector('[part="amount-presets"]') as HTMLElement;
      expect(group.getAttribute('role')).to.equal('radiogroup');
      const legend = choiceRoot(el).getElementById(group.getAttribute('aria-labelledby') ?? '');
      expect(legend?.textContent?.trim()).to.equal('Amount');
      expect(presetLabels(el)).to.deep.equal(['5.00 EUR', '20.00 EUR', '50.00 EUR']);
      expect(presets(el).every((radio) => radio.name === 'amount')).to.equal(true);
      expect(presets(el).some((radio) => radio.checked)).to.equal(false);
      // The customer's choice is the amount: no total beside it.
      expect(kit.visibleText(el)).to.not.contain('Total');
      const label = choiceRoot(el).querySelector('label[for="other-amount"]');
      expect(label?.textContent?.trim()).to.equal('Other amount');
    });

    /** Each preset's text as line boxes, with how far its button reaches past the group's edge. */
    const presetLines = (el: CryptoPay) => {
      const group = choiceRoot(el).querySelector('[part="amount-presets"]') as HTMLElement;
      return [...choiceRoot(el).querySelectorAll<HTMLElement>('[part="amount-preset"]')].map(
        (label) => {
          const words = [...label.childNodes].find(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
          ) as Text;
          const text = document.createRange();
          text.selectNodeContents(words);
          // One line box: every piece of the text shares the first one's top.
          const tops = new Set([...text.getClientRects()].map((rect) => Math.round(rect.top)));
          return {
            text: label.textContent?.trim(),
            lines: tops.size,
            spill: label.getBoundingClientRect().right - group.getBoundingClientRect().right,
          };
        },
      );
    };

    it('keeps each preset on one line, the amount beside its currency, in a narrow column', async () => {
      const el = await donation(await kit.fakeProxy(), {
        currency: 'EUR',
        amounts: '5 20.00 50 100',
      });
      // A page's roomier spacing and wider font (the demo's theme) leave less room for the text:
      // a wide serif every Linux machine here has (fc-list), then the generic family.
      el.style.setProperty('--crypto-pay-spacing', '1.5rem');
      el.style.setProperty('--crypto-pay-font', '"DejaVu Serif", serif');
      for (const width of ['16rem', '20rem', '24rem', '30rem', '40rem']) {
        (el.parentElement as HTMLElement).style.width = width;
        for (const preset of presetLines(el)) {
          expect(preset.lines, `${preset.text} at ${width}`).to.equal(1);
          expect(preset.spill, `${preset.text} spills out at ${width}`).to.be.at.most(0.5);
        }
      }
    });

    it('wraps only a preset too long for the group, inside it, on a 320 px screen', async () => {
      const el = await donation(
        await kit.fakeProxy({
          openAmount: { min: '1.00', max: '5000000.00', currencies: ['EUR'] },
        }),
        { currency: 'EUR', amounts: '5 1000000.00' },
      );
      el.style.setProperty('--crypto-pay-spacing', '1.5rem');
      el.style.setProperty('--crypto-pay-font', '"DejaVu Serif", serif');
      // A 320 px phone whose customer reads larger text (150 %): the long preset wider than that.
      (el.parentElement as HTMLElement).style.width = '320px';
      el.style.fontSize = '24px';
      await kit.waitUntil(
        () => presetLines(el)[1]?.lines !== 1,
        'the long preset fits on one line',
      );
      const [short, long] = presetLines(el);
      expect(long?.text).to.equal('1,000,000.00 EUR');
      expect(long?.spill, 'the long preset spills out').to.be.at.most(0.5);
      expect(short?.lines).to.equal(1);
    });

    it('leaves out a preset the proxy’s rules refuse', async () => {
      const el = await donation(await kit.fakeProxy(), {
        currency: 'EUR',
        amounts: '0.50 20 20,5 12.505 1000 500',
      });
      expect(presetLabels(el)).to.deep.equal(['20.00 EUR', '500.00 EUR']);
    });

    it('takes the proxy’s presets when the page names none', async () => {
      const proxy = await kit.fakeProxy({
        openAmount: {
          min: '1.00',
          max: '500.00',
          currencies: ['EUR'],
          presets: ['10.00', '25.00'],
        },
      });
      const el = await donation(proxy, { currency: 'EUR' });
      expect(presetLabels(el)).to.deep.equal(['10.00 EUR', '25.00 EUR']);
    });

    it('writes presets in the customer’s language', async () => {
      const proxy = await kit.fakeProxy({
        openAmount: { min: '1.00', max: '5000.00', currencies: ['EUR'] },
      });
      const el = await kit.render({
        proxy: proxy.url,
        currency: 'EUR',
        amounts: '5 1234.5',
        locale: 'de',
      });
      await kit.untilHeading(el, 'Ihre Angaben');
      await kit.waitUntil(() => choice(el)?.shadowRoot?.querySelector('input'), 'no amount choice');
      expect(presetLabels(el)).to.deep.equal(['5,00 EUR', '1.234,50 EUR']);
    });

    it('starts on the page’s amount: its preset checked, else in the field', async () => {
      const el = await donation(await kit.fakeProxy(), {
        currency: 'EUR',
        amounts: '5 20 50',
        amount: '20',
      });
      expect(presets(el).find((radio) => radio.checked)?.value).to.equal('20.00');
      expect(otherField(el).value).to.equal('');
      const other = await donation(await kit.fakeProxy(), {
        currency: 'EUR',
        amounts: '5 20 50',
        amount: '35.5',
      });
      expect(presets(other).some((radio) => radio.checked)).to.equal(false);
      expect(otherField(other).value).to.equal('35.5');
    });

    it('sends the chosen preset as the amount, with the currency', async () => {
      const proxy = await kit.fakeProxy();
      const el = await donation(proxy, { currency: 'EUR', amounts: '5 20 50' });
      await choosePreset(el, '50.00 EUR');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.body).to.include({ amount: '50.00', currency: 'EUR' });
    });

    it('gives up a preset for a typed amount, and a typed amount for a preset', async () => {
      const el = await donation(await kit.fakeProxy(), { currency: 'EUR', amounts: '5 20 50' });
      await choosePreset(el, '20.00 EUR');
      await kit.typeAmount(el, '35');
      expect(presets(el).some((radio) => radio.checked)).to.equal(false);
      await choosePreset(el, '5.00 EUR');
      expect(otherField(el).value).to.equal('');
    });
  });

  describe('the other amount, as the customer types', () => {
    it('says how to write an amount at once, without leaving the field', async () => {
      const el = await donation(await kit.fakeProxy(), { currency: 'EUR', amounts: '5 20 50' });
      await kit.typeAmount(el, '12.505');
      const format = 'Write the amount in figures with a point before the decimals, like 1.00.';
      expect(errorOfAmount(el)).to.equal(format);
      expect(otherField(el).getAttribute('aria-invalid')).to.equal('true');
      expect(describedBy(el)).to.deep.equal([BOUNDS, format]);
      expect(deepActive()).to.equal(otherField(el));
    });

    it('says the bounds once, the hint turned into the message, outside them', async () => {
      const el = await donation(await kit.fakeProxy(), { currency: 'EUR' });
      expect(describedBy(el)).to.deep.equal([BOUNDS]);
      expect(otherField(el).getAttribute('aria-invalid')).to.equal('false');
      await kit.typeAmount(el, '600');
      expect(errorOfAmount(el)).to.equal(BOUNDS);
      expect(describedBy(el)).to.deep.equal([BOUNDS]);
      await kit.typeAmount(el, '0.5');
      expect(errorOfAmount(el)).to.equal(BOUNDS);
      await kit.typeAmount(el, '25');
      expect(errorOfAmount(el)).to.equal('');
      expect(otherField(el).getAttribute('aria-invalid')).to.equal('false');
    });

    it('reads Arabic-Indic digits and sends the amount in the bounds’ places', async () => {
      const proxy = await kit.fakeProxy();
      const el = await donation(proxy, { currency: 'EUR' });
      await kit.typeAmount(el, '٢٠٫٥');
      expect(errorOfAmount(el)).to.equal('');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const [create] = await proxy.requests('/api/checkouts', 'POST');
      expect(create?.body).to.include({ amount: '20.50', currency: 'EUR' });
    });

    it('stops a submit with no amount at the field, and counts it among the mistakes', async () => {
      const proxy = await kit.fakeProxy();
      const el = await donation(proxy, { currency: 'EUR', amounts: '5 20 50' });
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.waitUntil(() => errorOfAmount(el) === BOUNDS, 'no message at the amount');
      await kit.waitUntil(() => deepActive() === otherField(el), 'focus is not on the amount');
      const group = choiceRoot(el).querySelector('[part="amount-presets"]');
      expect(group?.getAttribute('aria-describedby')).to.equal('other-amount-error');
      await kit.untilText(el, 'One field needs your attention.');
      expect(await proxy.requests('/api/checkouts', 'POST')).to.have.length(0);
    });

    it('says the page’s own refused amount at the field, with the form there', async () => {
      const el = await donation(await kit.fakeProxy(), {
        currency: 'EUR',
        amounts: '5 20',
        amount: '20,50',
      });
      expect(kit.heading(el)).to.equal('Your details');
      expect(otherField(el).value).to.equal('20,50');
      expect(errorOfAmount(el)).to.equal(
        'Write the amount in figures with a point before the decimals, like 1.00.',
      );
    });
  });

  describe('when the proxy still refuses the amount', () => {
    const refusal = {
      error: 'The maximum amount is 100.00 EUR.',
      code: 'amount_above_maximum',
      field: 'amount',
    };

    it('says so at the amount field and keeps the form, until the amount changes', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 422, refusal);
      const el = await donation(proxy, { currency: 'EUR', amounts: '5 20 50' });
      await kit.typeAmount(el, '250');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.waitUntil(() => errorOfAmount(el) === refusal.error, 'no refusal at the amount');
      expect(kit.heading(el)).to.equal('Your details');
      expect(otherField(el).getAttribute('aria-invalid')).to.equal('true');
      await kit.waitUntil(() => deepActive() === otherField(el), 'focus is not on the amount');
      // The same amount again would meet the same refusal: it stays until changed.
      kit.submitButton(el).click();
      await kit.form(el)?.updateComplete;
      expect(await proxy.requests('/api/checkouts', 'POST')).to.have.length(1);
      await kit.typeAmount(el, '80');
      expect(errorOfAmount(el)).to.equal('');
      kit.submitButton(el).click();
      await kit.untilPayStep(el);
      const creates = await proxy.requests('/api/checkouts', 'POST');
      expect(creates.at(-1)?.body).to.include({ amount: '80.00' });
    });

    it('marks the presets, not the empty field, when it refuses a chosen preset', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 422, refusal);
      const el = await donation(proxy, { currency: 'EUR', amounts: '5 20 50' });
      await choosePreset(el, '50.00 EUR');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.waitUntil(() => errorOfAmount(el) === refusal.error, 'no refusal at the amount');
      expect(otherField(el).getAttribute('aria-invalid')).to.equal('false');
      expect(otherField(el).getAttribute('aria-describedby') ?? '').to.not.include('error');
      const group = choiceRoot(el).querySelector('[role="radiogroup"]');
      expect(group?.getAttribute('aria-describedby')).to.equal('other-amount-error');
    });

    it('words the refusal in the customer’s language', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('create', 422, refusal);
      const el = await kit.render({ proxy: proxy.url, currency: 'EUR', locale: 'de' });
      await kit.untilHeading(el, 'Ihre Angaben');
      await kit.waitUntil(() => choice(el)?.shadowRoot?.querySelector('input'), 'no amount choice');
      await kit.typeAmount(el, '250');
      await kit.fillPerson(el);
      kit.submitButton(el).click();
      await kit.waitUntil(
        () =>
          errorOfAmount(el) ===
          'Dieser Betrag kann nicht angenommen werden. Wählen Sie einen anderen.',
        `no German refusal (is "${errorOfAmount(el)}")`,
      );
    });
  });

  it('takes what the customer types where the caret is, and a preset then clears the field', async () => {
    const el = await donation(await kit.fakeProxy(), { currency: 'EUR', amounts: '5 20 50' });
    otherField(el).focus();
    await sendKeys({ type: '12' });
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ type: '34' });
    await choice(el)?.updateComplete;
    expect(otherField(el).value).to.equal('1342');
    expect(presets(el).some((radio) => radio.checked)).to.equal(false);
    await choosePreset(el, '20.00 EUR');
    expect(otherField(el).value).to.equal('');
    expect(presets(el).find((radio) => radio.checked)?.value).to.equal('20.00');
  });

  it('is chosen and sent by keyboard alone, Enter in the field submitting', async () => {
    const proxy = await kit.fakeProxy();
    const el = await donation(proxy, { currency: 'EUR', amounts: '5 20 50' });
    await kit.fillPerson(el);
    presets(el)[0]?.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(presets(el).find((radio) => radio.checked)?.value).to.equal('20.00');
    expect(deepActive()).to.equal(presets(el)[1]);
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal(otherField(el));
    await sendKeys({ type: '42' });
    expect(presets(el).some((radio) => radio.checked)).to.equal(false);
    await sendKeys({ press: 'Enter' });
    await kit.untilPayStep(el);
    const [create] = await proxy.requests('/api/checkouts', 'POST');
    expect(create?.body).to.include({ amount: '42.00' });
  });

  it('follows the customer’s writing direction', async () => {
    const el = await kit.render({
      proxy: (await kit.fakeProxy()).url,
      currency: 'EUR',
      amounts: '5 20',
      locale: 'ar',
    });
    await kit.waitUntil(
      () => choice(el) && kit.visibleText(choice(el) as Element).includes('مبلغ آخر'),
      'no amount choice in Arabic',
    );
    const group = choiceRoot(el).querySelector('fieldset') as Element;
    expect(getComputedStyle(group).direction).to.equal('rtl');
  });

  it('says the checkout is not set up where the proxy takes no open amounts', async () => {
    const proxy = await kit.fakeProxy({ openAmount: null });
    const el = await kit.render({ proxy: proxy.url, currency: 'EUR', amounts: '5 20' });
    await kit.untilText(
      el,
      "This shop's payment page is not set up correctly. Please tell the shop.",
    );
    expect(kit.form(el)?.tagName ?? 'none').to.equal('none');
  });

  it('checks its presets once per setup, not again as the customer types', async () => {
    const checked: string[] = [];
    const setup: AmountChoiceSetup = {
      open: { min: '1.00', max: '500.00', currencies: ['EUR'] },
      check: (open, text, currency) => {
        checked.push(text);
        return checkOpenAmount(open, text, currency);
      },
      sentence: refusalSentence,
      currency: 'EUR',
      presets: ['5', '20'],
      initial: '',
    };
    const element = await fixture<HTMLElementTagNameMap['crypto-pay-amount-choice']>(
      html`<crypto-pay-amount-choice .setup=${setup}></crypto-pay-amount-choice>`,
    );
    expect(checked.filter((text) => text === '5')).to.have.length(1);
    const input = element.shadowRoot?.querySelector('input#other-amount') as HTMLInputElement;
    for (const text of ['1', '12', '12.5']) {
      input.value = text;
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      await element.updateComplete;
    }
    expect(checked.filter((text) => text === '5' || text === '20')).to.deep.equal(['5', '20']);
    element.setup = { ...setup, presets: ['50'] };
    await element.updateComplete;
    expect(checked.filter((text) => text === '50')).to.have.length(1);
  });
});
