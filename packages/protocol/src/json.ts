/**
 * JSON that keeps money exact. The spec sends invoice and withdrawal amounts as JSON numbers;
 * `JSON.stringify` would write `1e-8` and `JSON.parse` would round 18-digit values. Here a
 * `JsonNumber` carries the digits of a number literal as text in both directions, and
 * lossless-json reads and writes the text around it.
 */

import { parse, stringify } from 'lossless-json';
import { type DecimalString, isDecimal } from './money.ts';

const NUMBER_LITERAL = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** A JSON number literal kept as its exact text. */
export class JsonNumber {
  readonly text: string;

  constructor(text: string) {
    if (!NUMBER_LITERAL.test(text)) throw new TypeError(`Not a JSON number: ${text}`);
    this.text = text;
  }

  /**
   * The decimal the literal denotes (`5e-05` is `"0.00005"`), exactly; undefined when that
   * would take more than `MAX_NUMBER_LENGTH` characters (`1e-999999`).
   */
  toDecimal(): DecimalString | undefined {
    return numberLiteralToDecimal(this.text);
  }

  toJSON(): string {
    return this.text;
  }
}

const LITERAL_PARTS = /^(-?)(\d+)(?:\.(\d+))?[eE]([+-]?\d+)$/;

/**
 * The decimal string a JSON number literal denotes, by moving the decimal point in its digits:
 * never through a float, so `12345678901234567890e-30` keeps every digit. Python's
 * `json.dumps(0.00005)` writes `5e-05` and PHP's `json_encode(0.00005)` writes `5.0e-5`: both are
 * `"0.00005"`. A literal with an exponent comes from a float encoder, whose trailing zeros (PHP's
 * `.0`) are its own, not places the merchant chose: its decimal has the places its value needs
 * (`1.50e1` is `"15"`). A literal without one is returned as written (`1.50` keeps two places).
 * Undefined when the decimal would be longer than `MAX_NUMBER_LENGTH` characters: a 20-byte
 * `1e-999999999` must not become a gigabyte of zeros.
 */
export function numberLiteralToDecimal(literal: string): DecimalString | undefined {
  if (!NUMBER_LITERAL.test(literal)) throw new TypeError(`Not a JSON number: ${literal}`);
  const parts = LITERAL_PARTS.exec(literal);
  if (!parts) return literal;
  const [, sign = '', whole = '', fraction = '', exponentText = ''] = parts;
  const significant = `${whole}${fraction}`.replace(/^0+/, '');
  // Zero, with any exponent and either sign.
  if (significant === '') return '0';
  const digits = significant.replace(/0+$/, '');
  const exponent = Number(exponentText);
  // Digits × 10^power is the value; power is an integer well inside 2^53 or absurd.
  const power = significant.length - digits.length + exponent - fraction.length;
  const places = Math.max(0, -power);
  const length =
    sign.length + (power >= 0 ? digits.length + power : Math.max(digits.length, places + 1) + 1);
  if (!(length <= MAX_NUMBER_LENGTH)) return undefined;
  if (power >= 0) return `${sign}${digits}${'0'.repeat(power)}`;
  const padded = digits.padStart(places + 1, '0');
  return `${sign}${padded.slice(0, -places)}.${padded.slice(-places)}`;
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
  return stringify(value, null, undefined, WRITE_JSON_NUMBER) ?? 'null';
}

// Ahead of `toJSON`, which would write the digits as a string.
const WRITE_JSON_NUMBER = [
  {
    test: (value: unknown) => value instanceof JsonNumber,
    stringify: (value: unknown) => (value as JsonNumber).text,
  },
];

/** How deep `parseJson` lets arrays and objects nest. */
export const MAX_DEPTH = 64;

/** Longest number literal `parseJson` reads: a longer digit run is refused, not converted. */
export const MAX_NUMBER_LENGTH = 1024;

/**
 * Thrown by `parseJson` on text that is not JSON (or nests deeper than `MAX_DEPTH`, or holds a
 * number literal longer than `MAX_NUMBER_LENGTH`).
 */
export class JsonSyntaxError extends SyntaxError {}

/** JSON beyond what `parseJson` reads: nested deeper than `MAX_DEPTH`, or too long a number. */
export class JsonLimitError extends JsonSyntaxError {
  constructor(
    readonly limit: 'depth' | 'number',
    message: string,
  ) {
    super(message);
  }
}

/**
 * JSON whose text escapes half of a surrogate pair alone (`"\ud800"`): valid by JSON's grammar,
 * yet no Unicode text holds it. Kept, it would be changed or refused later (by UTF-8, by
 * PostgreSQL's `jsonb`, by a URL), after something was already done with it.
 */
export class NotUnicodeTextError extends JsonSyntaxError {}

/** Text that may hold a lone surrogate: an escape of either half of a pair, or one unpaired. */
const SURROGATE_IN_TEXT = /\\u[dD][89a-fA-F]|\p{Surrogate}/u;
/** A surrogate that is not part of a pair: `u` reads a whole pair as one code point. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

/** Every string of a parsed value, keys included, is Unicode text. */
function isUnicodeText(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(([key, item]) => isUnicodeText(key) && isUnicodeText(item));
}

/** The parsed value with each lone surrogate of its strings and keys as U+FFFD, as UTF-8 writes it. */
function asUnicodeText(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATES, '\ufffd');
  if (Array.isArray(value)) return value.map(asUnicodeText);
  if (typeof value !== 'object' || value === null || value instanceof JsonNumber) return value;
  // Own properties as parsed, `__proto__` included; the order kept.
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [asUnicodeText(key), asUnicodeText(item)]),
  );
}

export interface ParseJsonOptions {
  /**
   * A string with half of a surrogate pair alone (`"\ud800"`): refused, `NotUnicodeTextError`
   * (the default: a request, whose sender is told), or each half written U+FFFD (`replace`:
   * what the processing service sent, kept rather than lost over a character).
   */
  loneSurrogates?: 'refuse' | 'replace';
}

/**
 * Parses JSON like `JSON.parse`, except that a number literal which a JavaScript number
 * cannot hold exactly (a fraction, an exponent, an integer past 2^53) becomes a `JsonNumber`
 * with its exact text. Safe integers stay numbers, so ids and flags read as usual. A string
 * with half of a surrogate pair alone is refused or replaced (`ParseJsonOptions`).
 */
export function parseJson(text: string, options: ParseJsonOptions = {}): unknown {
  openBrackets(text);
  let value: unknown;
  try {
    // lossless-json refuses a repeated key by default; JSON.parse lets the last one win.
    value = parse(text, null, { parseNumber: readNumber, onDuplicateKey: (key) => key.newValue });
  } catch (error) {
    if (error instanceof JsonSyntaxError) throw error;
    if (error instanceof SyntaxError) throw new JsonSyntaxError(inOurWords(error.message, text));
    throw error;
  }
  // Walked only when the text has such an escape (or an unpaired surrogate of its own).
  if (!SURROGATE_IN_TEXT.test(text)) return value;
  if (options.loneSurrogates === 'replace') return asUnicodeText(value);
  if (!isUnicodeText(value)) {
    throw new NotUnicodeTextError('Half of a surrogate pair alone in a string: not Unicode text');
  }
  return value;
}

const INTEGER = /^-?\d+$/;

// lossless-json reads a number of any length; the parser this module had before refused one
// past MAX_NUMBER_LENGTH, so a megabyte of digits is not carried along as one amount.
function readNumber(literal: string): number | JsonNumber {
  if (literal.length > MAX_NUMBER_LENGTH)
    throw new JsonLimitError('number', `Number longer than ${MAX_NUMBER_LENGTH} characters`);
  const value = Number(literal);
  return Number.isSafeInteger(value) && INTEGER.test(literal) ? value : new JsonNumber(literal);
}

// Character codes the bracket scan compares against.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * The brackets still open at `end`, outside strings. lossless-json recurses without a limit, so
 * text nested 100,000 deep would exhaust the stack (a RangeError, which the proxy would answer
 * with a 500, not a 400): this pass refuses nesting past MAX_DEPTH before it parses.
 */
function openBrackets(text: string, end = text.length): number[] {
  const open: number[] = [];
  for (let at = 0; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      for (at++; at < end; at++) {
        const inString = text.charCodeAt(at);
        if (inString === BACKSLASH) at++;
        else if (inString === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (open.push(code) > MAX_DEPTH)
        throw new JsonLimitError('depth', `Nesting deeper than ${MAX_DEPTH} at position ${at}`);
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      open.pop();
    }
  }
  return open;
}

/**
 * lossless-json's first words, and ours for the same fault. The messages keep the words and
 * positions of the parser this module had before (its tests pin them): a missing ":" or ","
 * is reported just past the character found in its place.
 */
const OUR_WORDS: [theirs: string, ours: (text: string, at: number) => string, shift: number][] = [
  ["Colon ':'", () => 'Expected ":"', 1],
  [
    "Comma ','",
    (text, at) => `Expected "," or "${openBrackets(text, at).pop() === OPEN_BRACE ? '}' : ']'}"`,
    1,
  ],
  ['Quoted object key expected', () => 'Expected a property name', 0],
  ['Expected end of input', () => 'Unexpected text after JSON', 0],
  ['Invalid number', () => 'Bad number', 0],
  ['End of string', () => 'Unterminated string', 0],
  ['Invalid character', () => 'Control character in string', 0],
  ['Invalid escape', () => 'Bad escape in string', 0],
  ['Invalid unicode', () => 'Bad escape in string', 0],
];

function inOurWords(message: string, text: string): string {
  const position = /at position (\d+)$/.exec(message);
  if (!position) return message;
  const at = Number(position[1]);
  const [, ours, shift] = OUR_WORDS.find(([theirs]) => message.startsWith(theirs)) ?? [
    '',
    () => (at < text.length ? `Unexpected ${text[at]}` : 'Unexpected end of JSON'),
    0,
  ];
  return `${ours(text, at)} at position ${at + shift}`;
}

/**
 * Whether a `Content-Type` header names JSON: `application/json` in any case, with or without
 * parameters (`; charset=utf-8`), as both the service and the proxy take bodies.
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}
