/**
 * JSON that keeps money exact. The spec sends invoice and withdrawal amounts as JSON numbers;
 * `JSON.stringify` would write `1e-8` and `JSON.parse` would round 18-digit values. Here a
 * `JsonNumber` carries the digits of a number literal as text in both directions.
 */

import { type DecimalString, isDecimal } from './money.ts';

const NUMBER_LITERAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** A JSON number literal kept as its exact text. */
export class JsonNumber {
  readonly text: string;

  constructor(text: string) {
    if (!NUMBER_LITERAL.test(text)) throw new TypeError(`Not a JSON number: ${text}`);
    this.text = text;
  }

  /** The literal as a decimal string, when it is written without an exponent. */
  toDecimal(): DecimalString | undefined {
    return isDecimal(this.text) ? this.text : undefined;
  }

  toJSON(): string {
    return this.text;
  }
}

/** Writes a decimal string as a JSON number, digit for digit (`"0.00000001"` stays so). */
export function jsonNumber(amount: DecimalString): JsonNumber {
  if (!isDecimal(amount)) throw new TypeError(`Not a decimal amount: ${JSON.stringify(amount)}`);
  // JSON forbids leading zeros and a leading "-" before them is fine; normalise "007" → "7".
  const normalised = amount.replace(/^(-?)0+(?=\d)/, '$1');
  return new JsonNumber(normalised);
}

/**
 * `JSON.stringify` without spaces, except that a `JsonNumber` is written as its exact digits.
 * `undefined` properties are left out, as `JSON.stringify` does.
 */
export function stringifyJson(value: unknown): string {
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : stringifyJson(item))).join(',')}]`;
  }
  if (value !== null && typeof value === 'object' && !('toJSON' in value)) {
    const members = Object.entries(value)
      .filter(([, item]) => item !== undefined && typeof item !== 'function')
      .map(([key, item]) => `${JSON.stringify(key)}:${stringifyJson(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** How deep `parseJson` lets arrays and objects nest. */
export const MAX_DEPTH = 64;

/** Thrown by `parseJson` on text that is not JSON (or nests deeper than `MAX_DEPTH`). */
export class JsonSyntaxError extends SyntaxError {}

/**
 * Parses JSON like `JSON.parse`, except that a number literal which a JavaScript number
 * cannot hold exactly (a fraction, an exponent, an integer past 2^53) becomes a `JsonNumber`
 * with its exact text. Safe integers stay numbers, so ids and flags read as usual.
 */
export function parseJson(text: string): unknown {
  let at = 0;
  let depth = 0;

  const fail = (what: string): never => {
    throw new JsonSyntaxError(`${what} at position ${at}`);
  };
  const skipWhitespace = () => {
    while (at < text.length && ' \t\n\r'.includes(text[at]!)) at++;
  };

  const parseValue = (): unknown => {
    skipWhitespace();
    const char = text[at];
    if (char === '{') return parseObject();
    if (char === '[') return parseArray();
    if (char === '"') return parseString();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return parseNumber();
    for (const [word, value] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return value;
      }
    }
    return fail(char === undefined ? 'Unexpected end of JSON' : `Unexpected ${char}`);
  };

  // Deep nesting would exhaust the stack; no request of the API nests past a handful.
  const enter = () => {
    if (++depth > MAX_DEPTH) fail(`Nesting deeper than ${MAX_DEPTH}`);
  };

  const parseObject = () => {
    const result: Record<string, unknown> = {};
    enter();
    at++;
    skipWhitespace();
    if (text[at] === '}') {
      at++;
      depth--;
      return result;
    }
    for (;;) {
      skipWhitespace();
      if (text[at] !== '"') fail('Expected a property name');
      const key = parseString();
      skipWhitespace();
      if (text[at++] !== ':') fail('Expected ":"');
      // defineProperty keeps a "__proto__" key an ordinary property, as JSON.parse does.
      Object.defineProperty(result, key, {
        value: parseValue(),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      skipWhitespace();
      const next = text[at++];
      if (next === '}') {
        depth--;
        return result;
      }
      if (next !== ',') fail('Expected "," or "}"');
    }
  };

  const parseArray = () => {
    const result: unknown[] = [];
    enter();
    at++;
    skipWhitespace();
    if (text[at] === ']') {
      at++;
      depth--;
      return result;
    }
    for (;;) {
      result.push(parseValue());
      skipWhitespace();
      const next = text[at++];
      if (next === ']') {
        depth--;
        return result;
      }
      if (next !== ',') fail('Expected "," or "]"');
    }
  };

  const parseString = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') {
      const code = text.charCodeAt(at);
      if (code < 0x20) fail('Control character in string');
      at += text[at] === '\\' ? 2 : 1;
    }
    if (at >= text.length) fail('Unterminated string');
    at++;
    // The literal is now known to be well delimited; JSON.parse decodes its escapes exactly.
    try {
      return JSON.parse(text.slice(start, at)) as string;
    } catch {
      return fail('Bad escape in string');
    }
  };

  const parseNumber = (): number | JsonNumber => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 1024));
    if (!match) return fail('Bad number');
    const literal = match[0];
    at += literal.length;
    const value = Number(literal);
    return Number.isSafeInteger(value) && /^-?\d+$/.test(literal) ? value : new JsonNumber(literal);
  };

  const value = parseValue();
  skipWhitespace();
  if (at < text.length) fail('Unexpected text after JSON');
  return value;
}
