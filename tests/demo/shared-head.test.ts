/**
 * Every demo page as Vite serves and builds it (vite.config.ts): the head lines all pages share
 * and the shop's header written in where the page marks them, the page's own lines kept.
 */

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '@crypto-pay/test-kit/process';
import type { IndexHtmlTransformHook, Plugin, UserConfig } from 'vite';
import viteConfig from '../../vite.config.ts';

const config = (viteConfig as (env: { command: 'build'; mode: string }) => UserConfig)({
  command: 'build',
  mode: 'production',
});
const shared = (config.plugins as Plugin[]).find(
  (plugin) => plugin.name === 'crypto-pay-demo-header',
);
if (!shared) throw new Error('vite.config.ts has no crypto-pay-demo-header plugin');
const transform = (shared.transformIndexHtml as { handler: IndexHtmlTransformHook }).handler;

const pages = readdirSync(join(ROOT, 'demo')).filter((file) => file.endsWith('.html'));

describe('the demo pages as served', () => {
  for (const page of pages) {
    it(`${page} has the shared head first in its head, then its own title, and the header`, async () => {
      const source = readFileSync(join(ROOT, 'demo', page), 'utf8');
      const served = await transform.call({} as never, source, {
        path: `/${page}`,
        filename: join(ROOT, 'demo', page),
      });
      assert.equal(typeof served, 'string');
      const html = served as string;
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
