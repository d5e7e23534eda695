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
 * `undefined`, function and symbol properties are left out, as `JSON.stringify` does.
 */
export function stringifyJson(value: unknown): string {
  return write(value) ?? 'null';
}

// Strings that JSON.stringify writes as they are, between quotes: no quote, backslash,
// control character or surrogate (it escapes lone halves).
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters JSON escapes.
const PLAIN_STRING = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

const quote = (text: string) => (PLAIN_STRING.test(text) ? `"${text}"` : JSON.stringify(text));

/** One value as JSON text, or `undefined` where JSON.stringify leaves it out. */
function write(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      // undefined, functions and symbols are left out; a bigint throws, as JSON.stringify does.
      return JSON.stringify(value);
  }
  if (value === null) return 'null';
  if (value instanceof JsonNumber) return value.text;
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      text += write(value[i]) ?? 'null';
    }
    return `${text}]`;
  }
  // Dates and anything else with its own idea of JSON.
  if ('toJSON' in value) return JSON.stringify(value);
  let text = '';
  for (const key of Object.keys(value)) {
    const item = write((value as Record<string, unknown>)[key]);
    if (item === undefined) continue;
    text += `${text === '' ? '' : ','}${quote(key)}:${item}`;
  }
  return `{${text}}`;
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
  const parser = new Parser(text);
  const value = parser.value();
  parser.skipWhitespace();
  if (parser.at < text.length) parser.fail('Unexpected text after JSON');
  return value;
}

// Character codes the parser compares against.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Longest number literal read; longer digit runs are refused as text after the number. */
const MAX_NUMBER_LENGTH = 1024;

const isDigit = (code: number) => code >= ZERO && code <= NINE;

/**
 * A recursive descent over character codes: strings without escapes are sliced, small
 * integers are summed digit by digit, so nothing is parsed twice.
 */
class Parser {
  at = 0;
  private depth = 0;

  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new JsonSyntaxError(`${what} at position ${this.at}`);
  }

  skipWhitespace(): void {
    const { text } = this;
    let at = this.at;
    for (;;) {
      const code = text.charCodeAt(at);
      // Space, tab, line feed, carriage return; NaN past the end stops.
      if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) break;
      at++;
    }
    this.at = at;
  }

  value(): unknown {
    this.skipWhitespace();
    const code = this.text.charCodeAt(this.at);
    if (code === OPEN_BRACE) return this.object();
    if (code === OPEN_BRACKET) return this.array();
    if (code === QUOTE) return this.string();
    if (code === MINUS || isDigit(code)) return this.number();
    if (this.text.startsWith('true', this.at)) return this.word(4, true);
    if (this.text.startsWith('false', this.at)) return this.word(5, false);
    if (this.text.startsWith('null', this.at)) return this.word(4, null);
    return this.fail(
      this.at < this.text.length ? `Unexpected ${this.text[this.at]}` : 'Unexpected end of JSON',
    );
  }

  private word<T>(length: number, value: T): T {
    this.at += length;
    return value;
  }

  // Deep nesting would exhaust the stack; no request of the API nests past a handful.
  private enter(): void {
    if (++this.depth > MAX_DEPTH) this.fail(`Nesting deeper than ${MAX_DEPTH}`);
    this.at++;
    this.skipWhitespace();
  }

  /** The character at `at`, moving past it. */
  private next(): number {
    return this.text.charCodeAt(this.at++);
  }

  private object(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.enter();
    if (this.text.charCodeAt(this.at) === CLOSE_BRACE) {
      this.at++;
      this.depth--;
      return result;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text.charCodeAt(this.at) !== QUOTE) this.fail('Expected a property name');
      const key = this.string();
      this.skipWhitespace();
      if (this.next() !== COLON) this.fail('Expected ":"');
      const value = this.value();
      // Assigning "__proto__" would set the prototype; JSON.parse makes it an own property.
      if (key === '__proto__') {
        Object.defineProperty(result, key, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        result[key] = value;
      }
      this.skipWhitespace();
      const next = this.next();
      if (next === CLOSE_BRACE) {
        this.depth--;
        return result;
      }
      if (next !== COMMA) this.fail('Expected "," or "}"');
    }
  }

  private array(): unknown[] {
    const result: unknown[] = [];
    this.enter();
    if (this.text.charCodeAt(this.at) === CLOSE_BRACKET) {
      this.at++;
      this.depth--;
      return result;
    }
    for (;;) {
      result.push(this.value());
      this.skipWhitespace();
      const next = this.next();
      if (next === CLOSE_BRACKET) {
        this.depth--;
        return result;
      }
      if (next !== COMMA) this.fail('Expected "," or "]"');
    }
  }

  private string(): string {
    const { text } = this;
    const start = this.at;
    let at = start + 1;
    let escaped = false;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) break;
      if (Number.isNaN(code)) {
        // Past the end (a backslash as the last character jumps one further).
        this.at = Math.max(at, text.length);
        this.fail('Unterminated string');
      }
      if (code < 0x20) {
        this.at = at;
        this.fail('Control character in string');
      }
      if (code === BACKSLASH) {
        escaped = true;
        at += 2;
      } else {
        at++;
      }
    }
    this.at = at + 1;
    if (!escaped) return text.slice(start + 1, at);
    // The literal is well delimited; JSON.parse decodes its escapes exactly.
    try {
      return JSON.parse(text.slice(start, this.at)) as string;
    } catch {
      return this.fail('Bad escape in string');
    }
  }

  /** Grammar of a JSON number, read no further than MAX_NUMBER_LENGTH characters. */
  private number(): number | JsonNumber {
    const { text } = this;
    const start = this.at;
    const end = Math.min(text.length, start + MAX_NUMBER_LENGTH);
    let at = start;
    if (text.charCodeAt(at) === MINUS) at++;
    const first = at < end ? text.charCodeAt(at) : Number.NaN;
    if (!isDigit(first)) return this.fail('Bad number');
    // Up to 15 digits always fit a safe integer, so they are summed as they are read.
    let value = 0;
    if (first === ZERO) {
      at++;
    } else {
      while (at < end && isDigit(text.charCodeAt(at)))
        value = value * 10 + text.charCodeAt(at++) - ZERO;
    }
    const integerEnd = at;
    if (at + 1 < end && text.charCodeAt(at) === DOT && isDigit(text.charCodeAt(at + 1))) {
      at += 2;
      while (at < end && isDigit(text.charCodeAt(at))) at++;
    }
    const exponent = at < end ? text.charCodeAt(at) : Number.NaN;
    if (exponent === 0x65 || exponent === 0x45) {
      let digits = at + 1;
      const sign = digits < end ? text.charCodeAt(digits) : Number.NaN;
      if (sign === 0x2b || sign === MINUS) digits++;
      if (digits < end && isDigit(text.charCodeAt(digits))) {
        at = digits + 1;
        while (at < end && isDigit(text.charCodeAt(at))) at++;
      }
    }
    this.at = at;
    const negative = text.charCodeAt(start) === MINUS;
    if (at === integerEnd) {
      const digits = integerEnd - start - (negative ? 1 : 0);
      if (digits <= 15) return negative ? -value : value;
      const literal = text.slice(start, at);
      const exact = Number(literal);
      if (Number.isSafeInteger(exact)) return exact;
      return new JsonNumber(literal);
    }
    return new JsonNumber(text.slice(start, at));
  }
}
