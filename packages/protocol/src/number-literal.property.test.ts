/**
 * Properties of `numberLiteralToDecimal` over generated literals: a JSON number with an exponent
 * becomes the plain decimal its mantissa × 10^exponent is, digit for digit, with no float between.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MAX_NUMBER_LENGTH, numberLiteralToDecimal, parseJson } from './json.ts';
import { compareDecimal, isDecimal, multiplyDecimal } from './money.ts';

/** 10^exponent as a plain decimal, built from text alone: `"1000"`, `"0.001"`. */
function powerOfTen(exponent: number): string {
  return exponent >= 0 ? `1${'0'.repeat(exponent)}` : `0.${'0'.repeat(-exponent - 1)}1`;
}

/** A JSON number literal with an exponent, and its mantissa as a plain decimal. */
const exponentLiteral = fc
  .record({
    negative: fc.boolean(),
    whole: fc.stringMatching(/^(0|[1-9]\d{0,30})$/),
    fraction: fc.option(fc.stringMatching(/^\d{1,30}$/), { nil: undefined }),
    e: fc.constantFrom('e', 'E'),
    sign: fc.constantFrom('', '+', '-'),
    zeros: fc.constantFrom('', '0', '00'),
    exponent: fc.integer({ min: 0, max: 60 }),
  })
  .map(({ negative, whole, fraction, e, sign, zeros, exponent }) => {
    const mantissa = `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`;
    return {
      literal: `${mantissa}${e}${sign}${zeros}${exponent}`,
      mantissa,
      exponent: sign === '-' ? -exponent : exponent,
    };
  });

describe('a JSON number literal as a decimal', () => {
  it('equals mantissa × 10^exponent for any mantissa and exponent, digit for digit', () => {
    fc.assert(
      fc.property(exponentLiteral, ({ literal, mantissa, exponent }) => {
        const decimal = numberLiteralToDecimal(literal);
        assert.ok(decimal !== undefined && isDecimal(decimal), literal);
        // The expected value by bigint multiplication, a path of its own.
        assert.equal(compareDecimal(decimal, multiplyDecimal(mantissa, powerOfTen(exponent))), 0);
        // Written plainly: no trailing fraction zeros, no leading zeros, no "-0".
        assert.doesNotMatch(decimal, /\.\d*0$|^-?0\d|^-0$/, literal);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps digits a float cannot hold', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[1-9]\d{17,40}$/),
        fc.integer({ min: 1, max: 40 }),
        (digits, shift) => {
          const decimal = numberLiteralToDecimal(`${digits}e-${shift}`)!;
          // The same significant digits: zeros at either end only place the point.
          const significant = (text: string) => text.replace('.', '').replace(/^0+|0+$/g, '');
          assert.equal(significant(decimal), significant(digits));
        },
      ),
    );
    assert.equal(numberLiteralToDecimal('12345678901234567890123e-10'), '1234567890123.4567890123');
    assert.equal(numberLiteralToDecimal('1.00000000000000000001e1'), '10.0000000000000000001');
  });

  it('reads what float encoders write for 0.00005', () => {
    // Python: json.dumps(0.00005); PHP: json_encode(0.00005); Java and JavaScript alike.
    for (const literal of ['5e-05', '5.0e-5', '5E-5', '5e-5', '0.5e-4', '50e-6']) {
      assert.equal(numberLiteralToDecimal(literal), '0.00005', literal);
    }
  });

  it('works out other exponents', () => {
    const cases: [string, string][] = [
      ['1E+2', '100'],
      ['1e2', '100'],
      ['1.5e1', '15'],
      ['1.50e1', '15'],
      ['1.25e1', '12.5'],
      ['1e0', '1'],
      ['1.0e-6', '0.000001'],
      ['123.456e-2', '1.23456'],
      ['-2.5e-3', '-0.0025'],
      ['0e0', '0'],
      ['-0e-5', '0'],
      ['0.000e+12', '0'],
      ['1e-8', '0.00000001'],
      ['1.2345e3', '1234.5'],
    ];
    for (const [literal, decimal] of cases) {
      assert.equal(numberLiteralToDecimal(literal), decimal, literal);
    }
  });

  it('returns a literal without an exponent as written', () => {
    for (const literal of ['0', '-0', '100', '1.50', '0.00000001', '-0.0']) {
      assert.equal(numberLiteralToDecimal(literal), literal);
    }
  });

  it('refuses to write out more than MAX_NUMBER_LENGTH characters', () => {
    assert.equal(numberLiteralToDecimal('1e-999999999'), undefined);
    assert.equal(numberLiteralToDecimal('1e999999999999999999999'), undefined);
    assert.equal(numberLiteralToDecimal(`1e${MAX_NUMBER_LENGTH - 1}`)?.length, MAX_NUMBER_LENGTH);
    assert.equal(numberLiteralToDecimal(`1e${MAX_NUMBER_LENGTH}`), undefined);
    assert.equal(numberLiteralToDecimal(`1e-${MAX_NUMBER_LENGTH - 2}`)?.length, MAX_NUMBER_LENGTH);
    assert.equal(numberLiteralToDecimal(`1e-${MAX_NUMBER_LENGTH - 1}`), undefined);
    // Zero stays zero at any exponent.
    assert.equal(numberLiteralToDecimal('0e-999999999'), '0');
  });

  it('is what a parsed JsonNumber gives', () => {
    const parsed = parseJson('{"amount": 5.0e-5}') as { amount: { toDecimal(): string } };
    assert.equal(parsed.amount.toDecimal(), '0.00005');
  });

  it('refuses text that is no JSON number', () => {
    for (const bad of ['', '.5', '1.', '+1', '01', '1e', 'NaN', '0x10', ' 1']) {
      assert.throws(() => numberLiteralToDecimal(bad), TypeError, bad);
    }
  });
});
