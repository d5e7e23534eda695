/**
 * The exact JSON against the platform's on random documents (seeded, so a failure reproduces):
 * it reads and refuses what JSON.parse does, and keeps every number's digits. A string with half
 * of a surrogate pair alone is the one difference: refused, or written U+FFFD when asked.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  JsonNumber,
  JsonSyntaxError,
  NotUnicodeTextError,
  parseJson,
  stringifyJson,
} from './json.ts';

const REPLACE = { loneSurrogates: 'replace' } as const;

/** A small seeded generator (mulberry32): the same runs every time, a failure reproduces. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;
  return { next, below, pick };
}
type Random = ReturnType<typeof random>;

// Code units worth meeting: quotes, backslashes, controls, surrogate halves, non-ASCII.
const UNITS = [
  'a',
  'Z',
  '0',
  ' ',
  '"',
  '\\',
  '/',
  '\n',
  '\u0000',
  '\u001f',
  'é',
  '€',
  '\ud83d',
  '\ude00',
];
const KEYS = ['a', 'b', 'id', '__proto__', 'constructor', 'toString', '0', '10', 'é', ''];
const SPACE = ['', '', '', ' ', '\n', '\t', '\r\n  '];

function randomString(r: Random): string {
  let text = '';
  for (let n = r.below(8); n > 0; n--) text += r.pick(UNITS);
  return text;
}

/** JSON text of a random value, numbers safe integers, with random whitespace. */
function randomJson(r: Random, depth = 0): string {
  const space = () => r.pick(SPACE);
  const kind = depth >= 6 ? r.below(4) : r.below(6);
  switch (kind) {
    case 0:
      return JSON.stringify(randomString(r));
    case 1:
      return String(r.pick([0, -0, 1, -1, 42, 2 ** 53 - 1, -(2 ** 53 - 1), r.below(1e9) - 5e8]));
    case 2:
      return r.pick(['true', 'false', 'null']);
    case 3:
      // Escapes JSON.stringify never writes: \/, \u for plain characters, split surrogates.
      return r.pick(['"\\/"', '"\\u0041\\u00e9"', '"\\ud83d\\ude00"', '"\\uD800"', '"\\b\\f"']);
    case 4: {
      const items = Array.from({ length: r.below(4) }, () => randomJson(r, depth + 1));
      return `[${space()}${items.join(`${space()},${space()}`)}${space()}]`;
    }
    default: {
      // Keys repeat now and then: the last value wins, in the first key's place.
      const members = Array.from(
        { length: r.below(5) },
        () => `${JSON.stringify(r.pick(KEYS))}${space()}:${space()}${randomJson(r, depth + 1)}`,
      );
      return `{${space()}${members.join(`${space()},${space()}`)}${space()}}`;
    }
  }
}

/** Breaks text at random: a character dropped, inserted or replaced. */
function mutate(r: Random, text: string): string {
  let result = text;
  for (let n = 1 + r.below(3); n > 0; n--) {
    const at = r.below(result.length + 1);
    const char = r.pick(['{', '}', '[', ']', '"', '\\', ',', ':', '-', '0', '7', ' ', 'u', 'x']);
    const cut = r.below(3);
    result = result.slice(0, at) + (cut === 0 ? '' : char) + result.slice(at + (cut === 2 ? 0 : 1));
  }
  return result;
}

/** A value JSON.parse made, each lone surrogate of its strings and keys as U+FFFD (UTF-8's way). */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\p{Surrogate}/gu, '\ufffd');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [wellFormed(key), wellFormed(item)]),
    );
  return value;
}

/**
 * `parseJson(text)` is the platform's value when that is Unicode text, and refuses it as
 * `NotUnicodeTextError` when a string in it holds a lone surrogate.
 */
function assertRefusesLoneSurrogates(text: string, platform: unknown) {
  const loneIn = JSON.stringify(wellFormed(platform)) !== JSON.stringify(platform);
  if (loneIn) assert.throws(() => parseJson(text), NotUnicodeTextError, JSON.stringify(text));
  else assert.deepEqual(parseJson(text), platform, JSON.stringify(text));
}

/** JsonNumbers as the numbers JSON.parse makes of them, to compare with its result. */
function asNumbers(value: unknown): unknown {
  if (value instanceof JsonNumber) return Number(value.text);
  if (Array.isArray(value)) return value.map(asNumbers);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asNumbers(item)]));
  return value;
}

/** Parses with both; asserts the same value (keys in the same order) or both refusing. */
function assertAgrees(text: string) {
  let expected: unknown;
  try {
    expected = JSON.parse(text);
  } catch {
    assert.throws(() => parseJson(text), JsonSyntaxError, `accepted ${JSON.stringify(text)}`);
    assert.throws(() => parseJson(text, REPLACE), JsonSyntaxError, JSON.stringify(text));
    return;
  }
  const parsed = parseJson(text, REPLACE);
  assert.deepEqual(asNumbers(parsed), wellFormed(expected), JSON.stringify(text));
  // Key order too, which deepEqual does not compare.
  assert.equal(JSON.stringify(asNumbers(parsed)), JSON.stringify(wellFormed(expected)));
  if (JSON.stringify(wellFormed(expected)) !== JSON.stringify(expected)) {
    assert.throws(() => parseJson(text), NotUnicodeTextError, JSON.stringify(text));
  }
}

describe('parseJson against JSON.parse on random JSON', () => {
  it('reads what JSON.parse reads (safe integers stay numbers)', () => {
    const r = random(7);
    for (let i = 0; i < 5000; i++) {
      const text = randomJson(r);
      const platform = JSON.parse(text);
      assert.deepEqual(parseJson(text, REPLACE), wellFormed(platform), JSON.stringify(text));
      assertRefusesLoneSurrogates(text, platform);
    }
  });

  it('refuses exactly what JSON.parse refuses', () => {
    const r = random(11);
    for (let i = 0; i < 20000; i++) assertAgrees(mutate(r, randomJson(r)));
  });

  it('round-trips values through stringifyJson as JSON.stringify writes them', () => {
    const r = random(13);
    for (let i = 0; i < 3000; i++) {
      const value = JSON.parse(randomJson(r));
      assert.equal(stringifyJson(value), JSON.stringify(value));
      assert.deepEqual(parseJson(stringifyJson(value), REPLACE), wellFormed(value));
    }
  });

  it('keeps the digits of every number a JavaScript number cannot hold exactly', () => {
    const r = random(17);
    const digits = (n: number) => Array.from({ length: n }, () => r.below(10)).join('');
    for (let i = 0; i < 3000; i++) {
      const integer = r.below(4) === 0 ? '0' : `${1 + r.below(9)}${digits(r.below(25))}`;
      const literal = `${r.pick(['', '-'])}${integer}${r.pick(['', `.${digits(1 + r.below(20))}`])}${r.pick(['', `e${r.pick(['', '+', '-'])}${digits(1 + r.below(3))}`, 'E5'])}`;
      const parsed = parseJson(` [${literal}] `) as unknown[];
      const exact = /^-?\d+$/.test(literal) && Number.isSafeInteger(Number(literal));
      assert.deepEqual(parsed, [exact ? Number(literal) : new JsonNumber(literal)], literal);
      assert.equal(stringifyJson(parsed), `[${exact ? String(Number(literal)) : literal}]`);
    }
  });
});

describe('parseJson edge cases', () => {
  it('decodes every escape and surrogate pair as JSON.parse does', () => {
    for (const text of [
      '"\\"\\\\\\/\\b\\f\\n\\r\\t"',
      '"\\u0000\\u001F\\uFFFF"',
      '"\\ud83d\\ude00 and 😀"',
      '"\u2028\u2029"',
    ])
      assert.equal(parseJson(text), JSON.parse(text));
    // Halves alone, escaped or in the text: refused, or each written U+FFFD when asked.
    for (const [text, replaced] of [
      ['"\\udc00\\ud800"', '\ufffd\ufffd'],
      ['"\ud800 lone in the text"', '\ufffd lone in the text'],
      ['{"\\udc00":"\\ud83d\\ude00"}', { '\ufffd': '\u{1F600}' }],
    ] as const) {
      assert.throws(() => parseJson(text), NotUnicodeTextError, text);
      assert.deepEqual(parseJson(text, REPLACE), replaced, text);
    }
    for (const bad of ['"\\u12"', '"\\u12G4"', '"\\a"', '"\\\u0001"', '"abc\\"', '"\\']) {
      assert.throws(() => JSON.parse(bad));
      assert.throws(() => parseJson(bad), JsonSyntaxError, bad);
    }
  });

  it('reads integers at the edge of safety as numbers, past it as text', () => {
    assert.equal(parseJson('9007199254740991'), 2 ** 53 - 1);
    assert.equal(parseJson('-9007199254740991'), -(2 ** 53 - 1));
    assert.deepEqual(parseJson('9007199254740992'), new JsonNumber('9007199254740992'));
    assert.deepEqual(parseJson('1e400'), new JsonNumber('1e400'));
    assert.deepEqual(parseJson('-0.0'), new JsonNumber('-0.0'));
    assert.ok(Object.is(parseJson('-0'), -0));
    for (const bad of ['-', '1.', '.5', '1e', '1e+', '01', '-01', '+1', '0x10', 'Infinity'])
      assert.throws(() => parseJson(bad), JsonSyntaxError, bad);
  });

  it('nests to 64 levels and refuses the 65th, in objects too', () => {
    const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    assert.deepEqual(parseJson(arrays(64)), JSON.parse(arrays(64)));
    assert.deepEqual(parseJson(objects(64)), JSON.parse(objects(64)));
    assert.throws(() => parseJson(arrays(65)), /Nesting deeper than 64 at position 64/);
    assert.throws(() => parseJson(objects(65)), JsonSyntaxError);
  });

  it('takes all four whitespace characters and nothing else', () => {
    assert.deepEqual(parseJson(' \t\r\n{ \t\r\n"a" \t\r\n: \t\r\n[ 1 , 2 ] \t\r\n} \t\r\n'), {
      a: [1, 2],
    });
    for (const space of ['\u00a0', '\f', '\v', '\u2028', '\ufeff'])
      assert.throws(() => parseJson(`${space}1`), JsonSyntaxError);
  });

  it("lets the last of duplicate keys win, in the first one's place", () => {
    const parsed = parseJson('{"a":1,"b":2,"a":3,"__proto__":4,"__proto__":5}');
    assert.deepEqual(Object.entries(parsed as object), [
      ['a', 3],
      ['b', 2],
      ['__proto__', 5],
    ]);
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
  });

  it('says where the text went wrong', () => {
    assert.throws(() => parseJson('{"a" 1}'), /^SyntaxError: Expected ":" at position 6$/);
    assert.throws(() => parseJson('[1 2]'), /Expected "," or "]" at position 4/);
    assert.throws(() => parseJson('  '), /Unexpected end of JSON at position 2/);
    assert.throws(() => parseJson('"a\u0001"'), /Control character in string at position 2/);
  });
});
