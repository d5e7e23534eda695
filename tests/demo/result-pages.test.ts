/**
 * The demo shop's pages read as a shop's pages: its result pages open with words for the
 * customer, not for the developer, and the widget (a card itself) sits in no card of the shop.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '@crypto-pay/test-kit/process';

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
});
