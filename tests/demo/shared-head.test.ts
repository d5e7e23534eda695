/**
 * Every demo page as Vite serves and builds it (vite.config.ts writes them in with withShopParts): the head lines all pages share
 * and the shop's header written in where the page marks them, the page's own lines kept.
 */

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// @ts-expect-error: plain ES module without types, the demo's own page parts
import { withShopParts } from '@crypto-pay/demo/shop-header';
import { ROOT } from '@crypto-pay/test-kit/process';

const pages = readdirSync(join(ROOT, 'demo')).filter((file) => file.endsWith('.html'));

describe('the demo pages as served', () => {
  for (const page of pages) {
    it(`${page} has the shared head first in its head, then its own title, and the header`, () => {
      const source = readFileSync(join(ROOT, 'demo', page), 'utf8');
      const html = withShopParts(source, `/${page}`);
      assert.doesNotMatch(html, /<!-- shop-head(er)? -->/);
      const head = /<head>\s*([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
      const lines = head.split('\n').map((line) => line.trim());
      assert.deepEqual(lines.slice(0, 4), [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="/shared/favicon.svg" type="image/svg+xml">',
        '<link rel="stylesheet" href="/shared/shop.css">',
      ]);
      assert.match(lines[4] ?? '', /^<title>.+ · Kettle &amp; Co\. \(crypto-pay demo\)<\/title>$/);
      assert.match(html, /<header class="shop-header">/);
    });
  }
});
