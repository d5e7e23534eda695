import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';
import type CryptoPay from './crypto-pay.component.ts';

/** The element that has focus, looking through every shadow root on the way. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

const describeActive = () => {
  const active = deepActive();
  return `${active?.tagName.toLowerCase()}#${active?.id}[${active?.getAttribute('part') ?? ''}]`;
};

async function tabTo(predicate: (active: Element | null) => boolean, limit = 20) {
  for (let i = 0; i < limit && !predicate(deepActive()); i++) await sendKeys({ press: 'Tab' });
  expect(predicate(deepActive()), `focus is on ${describeActive()}`).to.equal(true);
}

describe('<crypto-pay> by keyboard alone', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('goes from the details to the payment link without a pointer', async () => {
    const proxy = await kit.fakeProxy();
    const wrapper = await fixture<HTMLDivElement>(
      html`<div><button id="before">before</button><crypto-pay proxy=${proxy.url} product="tea-crate"></crypto-pay></div>`,
    );
    const el = wrapper.querySelector('crypto-pay') as CryptoPay;
    await kit.untilHeading(el, 'Your details');
    await kit.waitUntil(() => kit.form(el)?.shadowRoot?.querySelector('#first_name'));
    (wrapper.querySelector('#before') as HTMLButtonElement).focus();

    await tabTo((active) => active?.id === 'first_name');
    const { first_name, last_name, date_of_birth } = kit.SENDER.sender_data;
    await sendKeys({ type: first_name });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: last_name });
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.id).to.equal('date_of_birth');
    // The date's three fields, in en-US's order (month, day, year), one Tab apart.
    const [year, month, day] = date_of_birth.split('-');
    for (const [index, part] of [month, day, year].entries()) {
      if (index > 0) await sendKeys({ press: 'Tab' });
      await sendKeys({ type: part! });
    }
    expect(kit.dateParts(el)).to.deep.equal({ day, month, year });
    await tabTo((active) => active?.getAttribute('name') === 'payment-currency');
    await sendKeys({ press: 'ArrowDown' });
    const checked = kit.picker(el)?.shadowRoot?.querySelector<HTMLInputElement>('input:checked');
    expect(checked?.value).to.equal('BTC:bitcoin');
    await tabTo((active) => active?.getAttribute('part') === 'submit-button');
    await sendKeys({ press: 'Enter' });

    await kit.untilPayStep(el);
    await kit.waitUntil(() => deepActive() === kit.shadow(el).querySelector('[part="heading"]'));
    await tabTo((active) => active?.getAttribute('part') === 'link-button');
    const link = kit
      .panel(el)
      ?.shadowRoot?.querySelector('[part="link-button"]') as HTMLAnchorElement;
    expect(getComputedStyle(link).outlineStyle, 'focus is visible').to.equal('solid');
    const [create] = await proxy.requests('/api/checkouts', 'POST');
    expect(create?.body?.payment_currency).to.deep.equal({ iso: 'BTC', network_name: 'bitcoin' });
  });
});
