/**
 * The payment reference on every end view: the checkout id grouped in fours for reading over the
 * phone, in monospace, and a copy button that copies the id itself.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { a11ySnapshot } from '@web/test-runner-commands';
import * as kit from '../../../test/helpers.ts';
import { english } from '../../../test/translations.ts';
import type { Checkout } from '../../api/proxy-api.ts';
import type CryptoPay from '../crypto-pay/crypto-pay.component.ts';
import type PaymentReference from './payment-reference.component.ts';
import './payment-reference.ts';

const { referencePart, shownReference: shown } = kit;

/** Each character the reference shows but its spaces, in order, with where it is drawn. */
function characterBoxes(value: HTMLElement) {
  const walker = document.createTreeWalker(value, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  while (walker.nextNode()) texts.push(walker.currentNode as Text);
  return texts.flatMap((text) =>
    [...text.data].flatMap((character, index) => {
      if (character === ' ') return [];
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return [{ character, box: range.getBoundingClientRect() }];
    }),
  );
}

/** A pay step that stays on the page at the end, moved to `status` with `details`. */
async function endedAs(
  status: Checkout['status'],
  details: Pick<Checkout, 'status_detail' | 'refund_instructions'> = {},
) {
  const proxy = await kit.fakeProxy();
  const el = await kit.toPayStep(proxy, { product: 'tea-crate' });
  for (const type of ['crypto-pay-success', 'crypto-pay-failure']) {
    el.addEventListener(type, (event) => event.preventDefault());
  }
  await kit.waitUntil(async () => (await proxy.requests(/\/events$/)).length >= 1);
  const checkout = await proxy.setStatus(status, undefined, details);
  await kit.waitUntil(() => shown(el), `no reference once ${status}`);
  return { el, checkout };
}

describe('<crypto-pay> payment reference', () => {
  beforeEach(kit.clearStoredCheckouts);

  it('is accessible', async () => {
    const { el } = await endedAs('failed', { status_detail: 'underpaid' });
    await expect(el).to.be.accessible();
  });

  const endings: [string, Checkout['status'], Pick<Checkout, 'status_detail'>][] = [
    ['paid', 'paid', {}],
    ['paid, overpaid', 'paid', { status_detail: 'overpaid' }],
    ['failed, underpaid', 'failed', { status_detail: 'underpaid' }],
    ['failed, late', 'failed', { status_detail: 'late' }],
    ['failed without a reason', 'failed', {}],
    ['expired', 'expired', {}],
  ];
  for (const [name, status, details] of endings) {
    it(`shows the checkout id grouped in fours when ${name}`, async () => {
      const { el, checkout } = await endedAs(status, details);
      expect(kit.visibleText(el)).to.contain('Payment reference');
      expect(shown(el)).to.match(/^(\S{4} )+\S{1,4}$/);
      expect(shown(el).replaceAll(' ', '')).to.equal(checkout.id);
    });
  }

  it('writes it in monospace, left to right and untranslated, in every language', async () => {
    const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status: 'failed' }) });
    const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id, locale: 'ar' });
    await kit.untilText(el, 'مرجع الدفع');
    const value = referencePart(el, 'reference-value')!;
    expect(getComputedStyle(value).fontFamily).to.contain('monospace');
    // Drawn left to right inside a right-to-left card: its first group left of its second.
    expect(getComputedStyle(referencePart(el, 'reference')!).direction).to.equal('rtl');
    expect(getComputedStyle(value).direction).to.equal('ltr');
    const [first, , , , fifth] = characterBoxes(value);
    expect(first!.box.top).to.equal(fifth!.box.top);
    expect(first!.box.left).to.be.below(fifth!.box.left);
    // What a page translator reads: the element's effective translate state, not its attribute.
    expect(value.translate).to.equal(false);
    expect(shown(el).replaceAll(' ', '')).to.equal(kit.aCheckout().id);
  });

  it('copies the id itself, without the spaces', async () => {
    const { el, checkout } = await endedAs('expired');
    let copied = '';
    const writeText = async (text: string) => {
      copied = text;
    };
    await kit.withClipboard({ writeText }, async () => {
      referencePart(el, 'reference-copy-button')?.click();
      await kit.untilText(el, 'Reference copied.');
    });
    expect(copied).to.equal(checkout.id);
  });

  it('says each copy again, the message cleared in between', async () => {
    const { el } = await endedAs('paid');
    const status = referencePart(el, 'reference')!.querySelector('[role="status"]')!;
    const said: string[] = [];
    const observer = new MutationObserver(() => said.push(status.textContent?.trim() ?? ''));
    observer.observe(status, { subtree: true, childList: true, characterData: true });
    await kit.withClipboard({ writeText: async () => {} }, async () => {
      for (const times of [1, 2]) {
        referencePart(el, 'reference-copy-button')?.click();
        await kit.waitUntil(
          () => said.filter((text) => text === 'Reference copied.').length === times,
          `copy ${times} not said`,
        );
      }
    });
    observer.disconnect();
    expect(said.filter(Boolean)).to.deep.equal(['Reference copied.', 'Reference copied.']);
    expect(said.indexOf('', said.indexOf('Reference copied.'))).to.be.above(0);
  });

  it('says nothing of a copy once it shows another reference', async () => {
    const el = await fixture<PaymentReference>(
      html`<crypto-pay-payment-reference
        .t=${english}
        reference="Ab-_cdEFgh12ij34kl56mn"
      ></crypto-pay-payment-reference>`,
    );
    const status = () => el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();
    await kit.withClipboard({ writeText: async () => {} }, async () => {
      el.shadowRoot!.querySelector<HTMLElement>('[part="reference-copy-button"]')!.click();
      await kit.waitUntil(() => status() === 'Reference copied.', 'the copy not said');
    });
    el.reference = 'Zz99Zz99Zz99Zz99Zz99Zz';
    await el.updateComplete;
    expect(status()).to.equal('');
  });

  /** The field the reference is selected in for the customer, once copying failed. */
  const selectedField = (el: CryptoPay) => {
    const root = referencePart(el, 'reference')?.getRootNode() as ShadowRoot;
    const input = root.activeElement;
    return input instanceof HTMLInputElement &&
      input.selectionStart === 0 &&
      input.selectionEnd === input.value.length
      ? input.value
      : '';
  };

  it('selects the id in a field for the customer when the clipboard refuses', async () => {
    const { el, checkout } = await endedAs('paid');
    await kit.withClipboard({ writeText: () => Promise.reject(new Error('denied')) }, async () => {
      referencePart(el, 'reference-copy-button')?.click();
      await kit.untilText(el, 'Could not copy. Copy the reference yourself.');
    });
    expect(selectedField(el)).to.equal(checkout.id);
    await expect(el).to.be.accessible();
  });

  it('selects it as well where the page has no clipboard (a page over http)', async () => {
    const { el, checkout } = await endedAs('failed');
    await kit.withClipboard(undefined, async () => {
      referencePart(el, 'reference-copy-button')?.click();
      await kit.untilText(el, 'Could not copy. Copy the reference yourself.');
    });
    expect(selectedField(el)).to.equal(checkout.id);
  });

  it('shows on a result page that resumes a finished checkout', async () => {
    const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ status: 'failed' }) });
    const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
    await kit.untilHeading(el, 'Payment failed');
    await kit.waitUntil(() => shown(el), 'no reference on the result page');
    expect(shown(el).replaceAll(' ', '')).to.equal(kit.aCheckout().id);
  });

  describe('when the proxy cannot read the checkout the page names', () => {
    it('shows its reference beside the error: the payment may be made already', async () => {
      const proxy = await kit.fakeProxy();
      await proxy.fail('get', 503, { error: 'Down.', code: 'upstream_unavailable' }, 3);
      const el = await kit.render({ proxy: proxy.url, checkout: kit.aCheckout().id });
      await kit.untilText(el, 'The payment service is not answering right now.');
      await kit.waitUntil(() => shown(el), 'no reference beside the error');
      expect(shown(el).replaceAll(' ', '')).to.equal(kit.aCheckout().id);
      await expect(el).to.be.accessible();
    });

    it('shows none for a checkout the proxy does not know', async () => {
      const proxy = await kit.fakeProxy();
      const el = await kit.render({ proxy: proxy.url, checkout: 'chk_gone' });
      await kit.untilText(el, 'We could not find this payment.');
      // Once the reference's element is there, a view that would show it has.
      await kit.waitUntil(() => customElements.get('crypto-pay-payment-reference'));
      await el.updateComplete;
      expect(kit.result(el)?.querySelector('crypto-pay-payment-reference')).to.equal(null);
    });
  });

  describe('for a screen reader', () => {
    // A capital, a hyphen and an underscore: what a screen reader would say as something else.
    const id = 'Ab-_cdEFgh12ij34kl56mn';
    /** What the accessibility tree gives a screen reader: every text's name, in order. */
    async function heard() {
      const names: string[] = [];
      const walk = (node: { name?: string; role?: string; children?: unknown[] }) => {
        if (node.role === 'StaticText' || node.role === 'text') names.push(node.name ?? '');
        for (const child of node.children ?? []) walk(child as never);
      };
      walk((await a11ySnapshot({})) as never);
      return names.join(' ');
    }

    it('spells the reference out, naming capitals, hyphens and underscores', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ id, status: 'paid' }) });
      const el = await kit.render({ proxy: proxy.url, checkout: id });
      await kit.waitUntil(() => shown(el), 'no reference');
      const text = await heard();
      expect(text).to.contain(
        'capital A, b, hyphen, underscore; c, d, capital E, capital F; g, h, 1, 2; i, j, 3, 4; k, l, 5, 6; m, n',
      );
      // The grouped form is for the eye only: heard, it would lose the capitals and the signs.
      expect(text).to.not.contain(shown(el));
    });

    it('in the customer’s language', async () => {
      const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ id, status: 'failed' }) });
      const el = await kit.render({ proxy: proxy.url, checkout: id, locale: 'de' });
      // English shows until German's chunk is there.
      await kit.untilText(el, 'Zahlungsreferenz');
      expect(await heard()).to.contain('groß A, b, Bindestrich, Unterstrich; c, d, groß E, groß F');
    });
  });

  it('never ends a line with a hyphen, however narrow the card', async () => {
    // Groups ending in `-`: a line ending there would read as a word broken at the hyphen.
    const id = 'chk_abc-defghij-klmnopq-rstuvw';
    const proxy = await kit.fakeProxy({ checkout: kit.aCheckout({ id, status: 'paid' }) });
    const el = await kit.render({ proxy: proxy.url, checkout: id });
    await kit.waitUntil(() => shown(el), 'no reference');
    const value = referencePart(el, 'reference-value')!;
    let wrapped = 0;
    for (let width = 360; width >= 120; width -= 4) {
      el.style.width = `${width}px`;
      const characters = characterBoxes(value);
      expect(characters.map(({ character }) => character).join('')).to.equal(id);
      characters.forEach(({ character, box }, index) => {
        const next = characters[index + 1];
        if (next && next.box.top > box.top) {
          wrapped += 1;
          expect(character, `a line ends with "${character}" at ${width}px`).to.not.equal('-');
        }
      });
    }
    el.style.width = '';
    // Narrow enough to wrap, at many widths.
    expect(wrapped).to.be.greaterThan(10);
  });

  it('lets the page style its parts', async () => {
    const style = document.createElement('style');
    style.textContent = `
      crypto-pay.parts::part(reference) { border-top-color: rgb(1, 2, 3); }
      crypto-pay.parts::part(reference-value) { color: rgb(4, 5, 6); }
      crypto-pay.parts::part(reference-copy-button) { color: rgb(7, 8, 9); }
    `;
    document.head.append(style);
    try {
      const { el } = await endedAs('paid');
      el.classList.add('parts');
      const styled = (name: string, property: string) =>
        getComputedStyle(referencePart(el, name)!).getPropertyValue(property);
      expect(styled('reference', 'border-top-color')).to.equal('rgb(1, 2, 3)');
      expect(styled('reference-value', 'color')).to.equal('rgb(4, 5, 6)');
      expect(styled('reference-copy-button', 'color')).to.equal('rgb(7, 8, 9)');
    } finally {
      style.remove();
    }
  });

  it('is not shown before the payment ends', async () => {
    const el = await kit.toPayStep(await kit.fakeProxy());
    // Once the panel is drawn its chunk, which brings the reference, is there: a view that
    // would show the reference has by now.
    await kit.waitUntil(
      () => kit.panel(el)?.shadowRoot?.querySelector('[part="link"]'),
      'no panel',
    );
    expect(customElements.get('crypto-pay-payment-reference')).to.not.equal(undefined);
    await el.updateComplete;
    expect(el.shadowRoot?.querySelector('crypto-pay-payment-reference')).to.equal(null);
    expect(kit.visibleText(el)).to.not.contain('Payment reference');
  });
});
