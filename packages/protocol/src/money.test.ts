import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addDecimal,
  compareDecimal,
  decimalPlaces,
  divideDecimal,
  isDecimal,
  multiplyDecimal,
  normalizeDecimal,
  scaleDecimal,
  subtractDecimal,
} from './money.ts';

describe('decimal amounts', () => {
  it('accepts plain decimals only', () => {
    for (const good of [
      '0',
      '100',
      '100.00',
      '0.00000001',
      '-5.5',
      '123456789012345678.123456789012345678',
    ]) {
      assert.equal(isDecimal(good), true, good);
    }
    for (const bad of [
      '',
      '1e-8',
      '1.',
      '.5',
      '+1',
      ' 1',
      '1,5',
      'NaN',
      'Infinity',
      '0x10',
      1,
      null,
    ]) {
      assert.equal(isDecimal(bad), false, String(bad));
    }
  });

  it('counts decimal places as written', () => {
    assert.equal(decimalPlaces('100'), 0);
    assert.equal(decimalPlaces('1.50'), 2);
    assert.equal(decimalPlaces('0.00000001'), 8);
  });

  it('compares by value, not by text', () => {
    assert.equal(compareDecimal('1.0', '1'), 0);
    assert.equal(compareDecimal('0.99', '1.00'), -1);
    assert.equal(compareDecimal('100000.01', '100000.00'), 1);
    assert.equal(compareDecimal('-2', '-10'), 1);
  });

  it('adds and subtracts without floating-point error', () => {
    assert.equal(addDecimal('0.1', '0.2'), '0.3');
    assert.equal(addDecimal('999999999999999999.99', '0.01'), '1000000000000000000.00');
    assert.equal(subtractDecimal('1.00', '1.005'), '-0.005');
    assert.equal(subtractDecimal('0.3', '0.1'), '0.2');
  });

  it('multiplies and divides exactly, rounding only where asked', () => {
    assert.equal(multiplyDecimal('1.5', '0.015000'), '0.0225000');
    assert.equal(divideDecimal('1', '3', 8), '0.33333333');
    assert.equal(divideDecimal('2', '3', 2), '0.67');
    assert.equal(divideDecimal('2', '3', 2, 'down'), '0.66');
    assert.equal(divideDecimal('10', '0.5', 0), '20');
    assert.throws(() => divideDecimal('1', '0', 2), RangeError);
  });

  it('scales to a precision, padding or rounding', () => {
    assert.equal(scaleDecimal('100', 2), '100.00');
    assert.equal(scaleDecimal('0.000000015', 8), '0.00000002');
    assert.equal(scaleDecimal('0.000000015', 8, 'down'), '0.00000001');
    assert.equal(scaleDecimal('0.000000011', 8, 'up'), '0.00000002');
    assert.equal(scaleDecimal('-1.005', 2), '-1.01');
    assert.equal(
      scaleDecimal('123456789012345678.123456789012345678', 18),
      '123456789012345678.123456789012345678',
    );
  });

  it('normalises superfluous zeros', () => {
    assert.equal(normalizeDecimal('1.500'), '1.5');
    assert.equal(normalizeDecimal('10.00'), '10');
    assert.equal(normalizeDecimal('-0.0'), '0');
  });

  it('refuses text that is not an amount instead of guessing', () => {
    assert.throws(() => addDecimal('1e3', '1'), TypeError);
    assert.throws(() => compareDecimal('abc', '1'), TypeError);
  });
});
