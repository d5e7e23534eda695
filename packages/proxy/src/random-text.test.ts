import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomText } from './random-text.ts';

describe('randomText', () => {
  it('hands out each random byte once, whatever the sizes asked, across refills', () => {
    // 3,000 draws of 6 to 16 bytes: about 33 KiB, so the 2 KiB pool refills many times and
    // draws meet its end at every offset.
    const sizes = Array.from({ length: 3000 }, (_, i) => 6 + (i % 11));
    const texts = sizes.map((size) => randomText(size));
    for (const [i, text] of texts.entries()) {
      assert.match(text, /^[A-Za-z0-9_-]+$/);
      assert.equal(Buffer.from(text, 'base64url').length, sizes[i]);
    }
    // No two 16-byte draws alike: a pool that did not move on past what it handed out repeats.
    const long = texts.filter((_, i) => sizes[i] === 16);
    assert.equal(new Set(long).size, long.length);
  });
});
