import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CHECKOUT_STATUSES } from '@crypto-pay/protocol/checkout-status';
import { CALLBACK_OUTCOMES, ROLES } from '@crypto-pay/protocol/merchant-api';
import { PRICING_MODES, STATUS_DETAILS } from '@crypto-pay/protocol/proxy-api';
import { strings } from './strings.ts';

/** Every word of the catalogue with its path; sentences are called with sample arguments. */
function leaves(value: unknown, path: string, found: [string, unknown][] = []) {
  if (typeof value === 'function') found.push([path, value('A', 'B', 'C')]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) leaves(inner, `${path}.${key}`, found);
  } else found.push([path, value]);
  return found;
}

/** The dashboard's sources a page's text could hide in (not the catalogue, not tests). */
function sources(folder: URL): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !file.startsWith('strings'))
    .map((file) => join(folder.pathname, file));
}

describe('the word catalogue', () => {
  it('has a non-empty word for every key', () => {
    for (const [path, word] of leaves(strings, 'strings')) {
      assert.equal(typeof word, 'string', path);
      assert.notEqual((word as string).trim(), '', path);
    }
  });

  it('has words for every value the merchant API answers', () => {
    const cases: [Record<string, string>, readonly string[]][] = [
      [strings.statuses, CHECKOUT_STATUSES],
      [strings.details, STATUS_DETAILS],
      [strings.detailShort, STATUS_DETAILS],
      [strings.pricingModes, PRICING_MODES],
      [strings.roles, ROLES],
      [strings.outcomes, CALLBACK_OUTCOMES],
    ];
    for (const [words, values] of cases) {
      for (const value of values) assert.ok(words[value], value);
    }
  });

  it('is where every word is: no page writes text of its own between tags', () => {
    // Text between two HTML tags in a template's fixed part (`<button>Save</button>`).
    const tag =
      '(?:a|p|h[1-6]|td|th|button|span|label|option|dt|dd|li|summary|legend|code|div|pre|caption|time)';
    const fixedText = new RegExp(
      `<\\/?${tag}(?:\\s[^<>]*)?>[^<>{}\`$]*[A-Za-z]{2,}[^<>{}\`$]*<\\/?${tag}\\b`,
      'g',
    );
    for (const file of sources(new URL('.', import.meta.url))) {
      const found = readFileSync(file, 'utf8').match(fixedText) ?? [];
      assert.deepEqual(found, [], file);
    }
  });
});
