/**
 * Decimal amounts as strings, with exact arithmetic on bigint. Money never passes through a
 * JavaScript number: `0.1 + 0.2` is `"0.3"` here, and 18-digit amounts keep every digit.
 */

/** A decimal amount as text: optional minus, digits, optional fraction (`"100.00"`, `"0.00000001"`). */
export type DecimalString = string;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** How to drop digits when a value is scaled to fewer decimal places. */
export type Rounding = 'down' | 'up' | 'half-up';

interface Scaled {
  /** All the digits as an integer, sign included. */
  units: bigint;
  /** How many of those digits are decimal places. */
  places: number;
}

/** True when `value` is a plain decimal: no exponent, no spaces, no `+`, no bare dot. */
export function isDecimal(value: unknown): value is DecimalString {
  return typeof value === 'string' && DECIMAL.test(value);
}

/**
 * The most digits an amount may have before its point, and after it. Far beyond any price or
 * crypto unit (18 decimals), and a bound the stores rely on to compare amounts exactly.
 */
export const MAX_AMOUNT_DIGITS = 30;

const BOUNDED = new RegExp(`^-?\\d{1,${MAX_AMOUNT_DIGITS}}(\\.\\d{1,${MAX_AMOUNT_DIGITS}})?$`);

/** True when `value` is a decimal of at most `MAX_AMOUNT_DIGITS` digits on each side of its point. */
export function isBoundedDecimal(value: unknown): value is DecimalString {
  return typeof value === 'string' && BOUNDED.test(value);
}

function parse(value: DecimalString): Scaled {
  if (!isDecimal(value)) throw new TypeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [whole, fraction = ''] = value.split('.');
  return { units: BigInt(`${whole}${fraction}`), places: fraction.length };
}

function format({ units, places }: Scaled): DecimalString {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const whole = digits.slice(0, digits.length - places);
  const fraction = places > 0 ? `.${digits.slice(-places)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

function widen(value: Scaled, places: number): bigint {
  return value.units * 10n ** BigInt(places - value.places);
}

/** Brings two values to the same number of decimal places. */
function align(a: DecimalString, b: DecimalString): [bigint, bigint, number] {
  const x = parse(a);
  const y = parse(b);
  const places = Math.max(x.places, y.places);
  return [widen(x, places), widen(y, places), places];
}

/** Number of digits after the decimal point, as written (`"1.50"` has 2). */
export function decimalPlaces(value: DecimalString): number {
  return parse(value).places;
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b` (`"1.0"` equals `"1"`). */
export function compareDecimal(a: DecimalString, b: DecimalString): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addDecimal(a: DecimalString, b: DecimalString): DecimalString {
  const [x, y, places] = align(a, b);
  return format({ units: x + y, places });
}

export function subtractDecimal(a: DecimalString, b: DecimalString): DecimalString {
  const [x, y, places] = align(a, b);
  return format({ units: x - y, places });
}

/** Exact product: the result has the places of both factors. */
export function multiplyDecimal(a: DecimalString, b: DecimalString): DecimalString {
  const x = parse(a);
  const y = parse(b);
  return format({ units: x.units * y.units, places: x.places + y.places });
}

/** Divides integers, rounding the quotient as asked. */
function divideUnits(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  const remainder = n % d;
  if (remainder !== 0n && (rounding === 'up' || (rounding === 'half-up' && remainder * 2n >= d))) {
    quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/**
 * The value written with exactly `places` decimal places: padded with zeros, or rounded
 * (`half-up` by default) when it has more.
 */
export function scaleDecimal(
  value: DecimalString,
  places: number,
  rounding: Rounding = 'half-up',
): DecimalString {
  const x = parse(value);
  if (places >= x.places) return format({ units: widen(x, places), places });
  const units = divideUnits(x.units, 10n ** BigInt(x.places - places), rounding);
  return format({ units, places });
}

/** `a / b` with `places` decimal places, rounded as asked. */
export function divideDecimal(
  a: DecimalString,
  b: DecimalString,
  places: number,
  rounding: Rounding = 'half-up',
): DecimalString {
  const x = parse(a);
  const y = parse(b);
  if (y.units === 0n) throw new RangeError('Division by zero');
  // x/y = (xu / 10^xp) / (yu / 10^yp); scale the numerator so the quotient has `places`.
  const shift = places + y.places - x.places;
  const numerator = shift >= 0 ? x.units * 10n ** BigInt(shift) : x.units;
  const denominator = shift >= 0 ? y.units : y.units * 10n ** BigInt(-shift);
  return format({ units: divideUnits(numerator, denominator, rounding), places });
}

/** The value without superfluous zeros: `"1.500"` → `"1.5"`, `"-0"` → `"0"`. */
export function normalizeDecimal(value: DecimalString): DecimalString {
  const text = format(parse(value));
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return trimmed === '-0' ? '0' : trimmed;
}

export function isZeroDecimal(value: DecimalString): boolean {
  return parse(value).units === 0n;
}

export function isNegativeDecimal(value: DecimalString): boolean {
  return parse(value).units < 0n;
}
