/**
 * A page whose language changes on the way (its `<html lang>`): the element follows it, and the
 * step on screen stays there, with the customer's focus, while the new language's messages load.
 * (A file of its own: the languages a page has loaded stay loaded for the page's life.)
 */
import { expect } from '@open-wc/testing';
import * as kit from '../../test/helpers.ts';
import de from './translations/de.ts';
import en from './translations/en.ts';

describe('a page whose language changes', () => {
  const root = document.documentElement;
  const pageLang = root.getAttribute('lang');
  afterEach(() => {
    if (pageLang === null) root.removeAttribute('lang');
    else root.setAttribute('lang', pageLang);
  });

  it('keeps the pay step and the focus on it while English loads, then shows it in English', async () => {
    root.setAttribute('lang', 'de');
    const el = await kit.render({ proxy: (await kit.fakeProxy()).url, product: 'tea-crate' });
    await kit.untilHeading(el, de.detailsHeading);
    await kit.fillPerson(el);
    kit.submitButton(el).click();
    await kit.untilHeading(el, de.payHeading);
    const link = () =>
      kit.panel(el)?.shadowRoot?.querySelector<HTMLElement>('[part="link-button"]') ?? null;
    await kit.waitUntil(() => link()?.textContent?.includes(de.openPaymentPage), 'no panel');
    const panel = kit.panel(el);
    link()?.focus();

    // What the element shows at every change until English is there.
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      seen.push(`${kit.heading(el)} | ${kit.panel(el) === panel ? 'panel' : 'no panel'}`);
    });
    observer.observe(kit.shadow(el), { subtree: true, childList: true, characterData: true });
    root.setAttribute('lang', 'en');
    await kit.untilHeading(el, en.payHeading);
    await kit.waitUntil(() => link()?.textContent?.includes(en.openPaymentPage), 'not in English');
    observer.disconnect();

    // Never "Checking the payment status…", the form or the plain link in between: the same
    // panel, under the pay step's heading, first in German, then in English.
    expect(
      [...new Set(seen)].filter(
        (shown) => shown !== `${de.payHeading} | panel` && shown !== `${en.payHeading} | panel`,
      ),
    ).to.deep.equal([]);
    expect(kit.visibleText(el)).to.not.contain(de.checkingStatus);
    expect(kit.shadow(el).activeElement).to.equal(panel);
    expect(panel?.shadowRoot?.activeElement).to.equal(link());
  });
});
