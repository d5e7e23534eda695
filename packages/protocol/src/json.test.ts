import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  JsonNumber,
  JsonSyntaxError,
  jsonNumber,
  MAX_NUMBER_LENGTH,
  NotUnicodeTextError,
  parseJson,
  stringifyJson,
} from './json.ts';

describe('stringifyJson', () => {
  it('writes decimal amounts as JSON numbers digit for digit', () => {
    assert.equal(stringifyJson({ amount: jsonNumber('0.00000001') }), '{"amount":0.00000001}');
    assert.equal(
      stringifyJson({ amount: jsonNumber('123456789012345678.123456789012345678') }),
      '{"amount":123456789012345678.123456789012345678}',
    );
    assert.equal(stringifyJson({ amount: jsonNumber('100.10') }), '{"amount":100.10}');
    assert.equal(stringifyJson({ amount: jsonNumber('007.5') }), '{"amount":7.5}');
  });

  it('writes everything else as JSON.stringify does, without spaces', () => {
    const value = {
      s: 'é/"\n',
      n: 5,
      b: true,
      z: null,
      u: undefined,
      list: [1, 'a', undefined],
      nested: { x: {} },
    };
    assert.equal(stringifyJson(value), JSON.stringify(value));
  });

  it('refuses what is not an amount', () => {
    assert.throws(() => jsonNumber('1e-8'), TypeError);
    assert.throws(() => jsonNumber('ten'), TypeError);
  });
});

describe('parseJson', () => {
  it('keeps fractional and huge number literals as their exact text', () => {
    const parsed = parseJson(
      '{"a":0.00000001,"b":123456789012345678901,"c":1.10,"d":1e-8,"n":42,"m":-7}',
    );
    assert.deepEqual(parsed, {
      a: new JsonNumber('0.00000001'),
      b: new JsonNumber('123456789012345678901'),
      c: new JsonNumber('1.10'),
      d: new JsonNumber('1e-8'),
      n: 42,
      m: -7,
    });
  });

  it('reads everything else as JSON.parse does', () => {
    const text = ' { "s" : "a\\u00e9\\/\\"" , "t":true,"f":false,"z":null,"l":[ 1 , [ ] , { } ] } ';
    assert.deepEqual(parseJson(text), JSON.parse(text));
  });

  it('keeps a "__proto__" key an ordinary property', () => {
    const parsed = parseJson('{"__proto__":{"polluted":1}}') as Record<string, unknown>;
    assert.deepEqual(Object.keys(parsed), ['__proto__']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('round-trips with stringifyJson byte for byte', () => {
    const text = '{"amount":0.10000000,"currency":"BTC","tags":["x"]}';
    assert.equal(stringifyJson(parseJson(text)), text);
  });

  it('refuses nesting past MAX_DEPTH instead of exhausting the stack', () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    assert.deepEqual(parseJson('[[[]]]'), [[[]]]);
    assert.doesNotThrow(() => parseJson(deep(64)));
    assert.throws(() => parseJson(deep(65)), JsonSyntaxError);
    assert.throws(
      () => parseJson(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`),
      JsonSyntaxError,
    );
  });

  it('refuses a number literal longer than MAX_NUMBER_LENGTH', () => {
    const longest = `0.${'1'.repeat(MAX_NUMBER_LENGTH - 2)}`;
    assert.deepEqual(parseJson(`[${longest}]`), [new JsonNumber(longest)]);
    assert.throws(() => parseJson(`[${longest}1]`), JsonSyntaxError);
    assert.throws(() => parseJson('9'.repeat(1_000_000)), JsonSyntaxError);
  });

  it('refuses half of a surrogate pair alone, in a value or a key, escaped or not', () => {
    for (const text of [
      '{"first_name":"Ann\\ud800"}',
      '{"a":["x","\\udc00y"]}',
      '{"\\uD83D":1}',
      '"\\ude00\\ud83d"',
      '{"a":"\ud800"}',
    ]) {
      assert.throws(() => parseJson(text), NotUnicodeTextError, text);
    }
    // A whole pair, escaped or as it is, and a backslash before a "u" are text.
    assert.deepEqual(parseJson('{"a":"\\ud83d\\ude00","b":"\ud83d\ude00"}'), {
      a: '\u{1F600}',
      b: '\u{1F600}',
    });
    assert.deepEqual(parseJson('["\\\\ud800"]'), ['\\ud800']);
  });

  for (const bad of [
    '',
    '{',
    '{"a":}',
    '[1,]',
    '{"a":1,}',
    '01',
    '"\u0001"',
    'tru',
    '{} x',
    "{'a':1}",
    'NaN',
    '"\\x"',
  ]) {
    it(`rejects ${JSON.stringify(bad)}`, () => {
      assert.throws(() => parseJson(bad), JsonSyntaxError);
    });
  }
});
