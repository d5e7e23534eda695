import { expect } from '@open-wc/testing';
import { english as en } from '../../test/translations.ts';
import firstPaintEnglish from '../localize/translations/en.ts';
import { checkOpenAmount, refusalSentence } from './open-amount.ts';

const open = { min: '1.00', max: '500.00', currencies: ['EUR', 'USD'] };

describe('checkOpenAmount', () => {
  it('accepts a decimal within the bounds, in their places', () => {
    expect(checkOpenAmount(open, '12.5', 'EUR')).to.deep.equal({ accepted: '12.50' });
    expect(checkOpenAmount(open, '020.5', 'EUR')).to.deep.equal({ accepted: '20.50' });
    expect(checkOpenAmount(open, '500', 'USD')).to.deep.equal({ accepted: '500.00' });
  });

  it('takes a text field’s value with spaces around it', () => {
    expect(checkOpenAmount(open, ' 20 ', 'EUR')).to.deep.equal({ accepted: '20.00' });
  });

  it('reads Arabic-Indic and Persian digits and the Arabic decimal separator', () => {
    expect(checkOpenAmount(open, '٢٠٫٥', 'EUR')).to.deep.equal({ accepted: '20.50' });
    expect(checkOpenAmount(open, '۱۲۳.۴۵', 'EUR')).to.deep.equal({ accepted: '123.45' });
    expect(checkOpenAmount(open, '٠٫٥', 'EUR')).to.deep.equal({
      refused: 'range',
      message: 'The amount is outside open_amount.',
    });
  });

  it('says how to write an amount that is no decimal in the bounds’ places', () => {
    for (const text of ['20,50', '12.505', '1.', '.5', '1e2', '20 €', '', '٢٠,٥٠']) {
      expect(checkOpenAmount(open, text, 'EUR'), text).to.deep.equal({
        refused: 'format',
        places: 2,
        example: '1.00',
        message: 'The amount is not a decimal string with at most 2 decimal places.',
      });
    }
  });

  it('says the bounds for a decimal outside them', () => {
    for (const text of ['0.99', '500.01', '-0', '-5.00']) {
      expect(checkOpenAmount(open, text, 'EUR'), text).to.deep.equal({
        refused: 'range',
        message: 'The amount is outside open_amount.',
      });
    }
  });

  it('keeps whole-number bounds whole', () => {
    const whole = { min: '5', max: '1000', currencies: ['EUR'] };
    expect(checkOpenAmount(whole, '20', 'EUR')).to.deep.equal({ accepted: '20' });
    expect(checkOpenAmount(whole, '20.5', 'EUR')).to.deep.equal({
      refused: 'format',
      places: 0,
      example: '5',
      message: 'The amount is not a whole number written in digits.',
    });
  });

  it('refuses a currency the proxy takes no open amount in, or no open amounts at all', () => {
    const setup = { refused: 'setup', message: 'The proxy takes no open amount in this currency.' };
    expect(checkOpenAmount(open, '20.00', 'GBP')).to.deep.equal(setup);
    expect(checkOpenAmount(null, '20.00', 'EUR')).to.deep.equal(setup);
  });
});

describe('refusalSentence', () => {
  it('says how to write the amount, or the bounds, in the customer’s number format', async () => {
    const { default: de } = await import('../localize/translations/de.ts');
    const wide = { min: '1.00', max: '5000.00', currencies: ['EUR'] };
    expect(refusalSentence(checkOpenAmount(wide, '20,50', 'EUR'), wide, 'EUR', en)).to.equal(
      'Write the amount in figures with a point before the decimals, like 1.00.',
    );
    expect(refusalSentence(checkOpenAmount(wide, '9000', 'EUR'), wide, 'EUR', en)).to.equal(
      'Choose an amount between 1.00 and 5,000.00 EUR.',
    );
    expect(refusalSentence(checkOpenAmount(wide, '0', 'EUR'), wide, 'EUR', de)).to.equal(
      'Wählen Sie einen Betrag zwischen 1,00 und 5.000,00 EUR.',
    );
  });

  it('says nothing without the words (English’s later messages, which the element waits for)', () => {
    const check = checkOpenAmount(open, '9000', 'EUR');
    expect(refusalSentence(check, open, 'EUR', firstPaintEnglish)).to.equal('');
  });
});
