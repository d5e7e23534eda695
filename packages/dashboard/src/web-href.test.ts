import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { webHref } from './web-href.ts';

describe('the guard of links from outside', () => {
  it('links an http or https address as it is', () => {
    for (const url of [
      'https://pay.example/r/abc?x=1#y',
      'http://127.0.0.1:8790/pay/1',
      'HTTPS://PAY.EXAMPLE/',
    ]) {
      assert.equal(webHref(url), url);
    }
  });

  it('refuses every other scheme, and anything that is not a whole address', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'blob:https://pay.example/1',
      '//evil.example/',
      '/dashboard/',
      'https:/one-slash',
      ' https://leading.space/',
      'https://',
      '',
      '"><script>alert(1)</script>',
    ]) {
      assert.equal(webHref(url), undefined, url);
    }
    assert.equal(webHref(undefined), undefined);
    assert.equal(webHref(null), undefined);
  });
});
