/**
 * The demo shop's pages read as a shop's pages: its result pages open with words for the
 * customer, not for the developer, words that agree with the widget's for the verified status,
 * and the widget (a card itself) sits in no card of the shop.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: plain ES module without types, the demo's own page script
import { NOT_FOUND, resultWords } from '@crypto-pay/demo/result-words';
import { ROOT } from '@crypto-pay/test-kit/process';
import { endingOf, enLater } from '@crypto-pay/widget/customer-wording';

const demoPage = (name: string) => readFileSync(join(ROOT, 'demo', name), 'utf8');

/** The visible text of a page's `<main>`, comments and tags dropped, in reading order. */
function mainText(html: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  return main
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<details[\s\S]*?<\/details>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe("the demo shop's pages", () => {
  for (const name of ['success.html', 'failed.html']) {
    it(`${name} opens with words for the customer, no developer's note`, () => {
      const text = mainText(demoPage(name));
      assert.ok(text.length > 0);
      assert.doesNotMatch(text, /proxy|processing service|widget|address of this page/i);
    });
  }

  for (const name of [
    'product.html',
    'checkout.html',
    'donate.html',
    'success.html',
    'failed.html',
  ]) {
    it(`${name} puts the widget in no card of its own`, () => {
      const page = demoPage(name);
      assert.doesNotMatch(page, /<section class="card"[^>]*>\s*(<crypto-pay|<\/section>)/);
      assert.doesNotMatch(page, /class="card"[^>]*id="(checkout|result)-slot"/);
    });
  }

  describe('result words, from the verified status', () => {
    const said = (checkout: object) => {
      const { heading, note } = resultWords(checkout) as { heading: string; note: string };
      return `${heading} ${note}`;
    };

    it('thank the customer for a paid checkout only', () => {
      assert.match(said({ status: 'paid' }), /^Thank you for your order/);
      assert.match(said({ status: 'paid', status_detail: 'overpaid' }), /^Thank you/);
      for (const checkout of [
        { status: 'failed' },
        { status: 'failed', status_detail: 'underpaid' },
        { status: 'failed', status_detail: 'late' },
        { status: 'expired' },
        { status: 'created' },
        { status: 'processing' },
      ]) {
        assert.doesNotMatch(said(checkout), /thank/i, JSON.stringify(checkout));
      }
      assert.equal(NOT_FOUND.heading, 'We could not find this payment.');
      assert.doesNotMatch(`${NOT_FOUND.heading} ${NOT_FOUND.note}`, /thank/i);
    });

    it("say the widget's own end sentences, refund instructions included", () => {
      for (const checkout of [
        { status: 'paid' },
        { status: 'paid', status_detail: 'overpaid', refund_instructions: 'email' },
        { status: 'paid', status_detail: 'overpaid', refund_instructions: 'merchant' },
        { status: 'failed' },
        { status: 'failed', status_detail: 'late' },
        { status: 'failed', status_detail: 'underpaid', refund_instructions: 'email' },
        { status: 'failed', status_detail: 'underpaid' },
        { status: 'expired' },
      ] as const) {
        const { message, money } = endingOf(checkout as Parameters<typeof endingOf>[0], enLater);
        const { note } = resultWords(checkout) as { note: string };
        assert.ok(
          note.startsWith(`${message} ${money}`.trim()),
          `${JSON.stringify(checkout)}: ${note}`,
        );
      }
    });

    it('send to the shop, not back to try again, whoever may have sent money', () => {
      // The widget's words: "If you already sent money, please contact the shop.", "Please
      // contact the shop about the money you sent.", "To get your money back, …".
      assert.match(
        said({ status: 'failed' }),
        /If you already sent money, please contact the shop/,
      );
      assert.match(said({ status: 'failed', status_detail: 'late' }), /not confirmed in time/);
      assert.match(
        said({ status: 'failed', status_detail: 'late' }),
        /Please contact the shop about the money you sent/,
      );
      assert.match(said({ status: 'failed', status_detail: 'underpaid' }), /money back/);
      for (const detail of ['late', 'underpaid']) {
        assert.doesNotMatch(said({ status: 'failed', status_detail: detail }), /try again/i);
      }
      // Nothing was taken: trying again is the right advice.
      assert.match(said({ status: 'expired' }), /Nothing was taken.*try again/is);
    });
  });
});
