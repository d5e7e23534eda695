import { expect } from '@open-wc/testing';
import de from '../localize/translations/de.ts';
import en from '../localize/translations/en.ts';
import es from '../localize/translations/es.ts';
import fr from '../localize/translations/fr.ts';
import hi from '../localize/translations/hi.ts';
import { formatCountdown, formatTime } from './clock.ts';
import { formatDuration } from './duration.ts';
import { formatAmount, networkName } from './format.ts';

describe('formatting', () => {
  describe('formatAmount', () => {
    it('keeps every digit of a decimal string, however many', () => {
      expect(formatAmount('0.00000001', en)).to.equal('0.00000001');
      expect(formatAmount('123456789012345678901234567890.5', en)).to.equal(
        '123,456,789,012,345,678,901,234,567,890.5',
      );
      expect(formatAmount('25.10', en)).to.equal('25.10');
    });

    it('uses the grouping and decimal marks it is given', () => {
      expect(formatAmount('1234.50', de)).to.equal('1.234,50');
      expect(formatAmount('1234.50', fr)).to.equal('1\u202f234,50');
      expect(formatAmount('-1234', en)).to.equal('-1,234');
      // Spanish groups only from five digits.
      expect(formatAmount('1234.50', es)).to.equal('1234,50');
      expect(formatAmount('12345.50', es)).to.equal('12.345,50');
    });

    it('groups by twos left of the last three digits where the locale does (Hindi)', () => {
      expect(formatAmount('1234567.89', hi)).to.equal('12,34,567.89');
      expect(formatAmount('123456789', hi)).to.equal('12,34,56,789');
      expect(formatAmount('12345', hi)).to.equal('12,345');
      expect(formatAmount('-1234', hi)).to.equal('-1,234');
      expect(formatAmount('123', hi)).to.equal('123');
    });

    it('shows anything that is not a plain decimal as it came', () => {
      expect(formatAmount('1e-8', en)).to.equal('1e-8');
      expect(formatAmount('', en)).to.equal('');
    });
  });

  it('counts down as m:ss or h:mm:ss, never below zero', () => {
    expect(formatCountdown(0)).to.equal('0:00');
    expect(formatCountdown(59.9)).to.equal('0:59');
    expect(formatCountdown(61)).to.equal('1:01');
    expect(formatCountdown(3600 + 62)).to.equal('1:01:02');
    expect(formatCountdown(-5)).to.equal('0:00');
  });

  it('writes waits with each locale’s units and plural forms, in minutes from a minute on', () => {
    expect(formatDuration(12, 'en', 'short')).to.equal('12 sec');
    expect(formatDuration(1, 'en', 'long')).to.equal('1 second');
    expect(formatDuration(2, 'en', 'long')).to.equal('2 seconds');
    expect(formatDuration(90, 'en', 'long')).to.equal('2 minutes');
    expect(formatDuration(2, 'de', 'long')).to.equal('2 Sekunden');
    expect(formatDuration(2, 'ar', 'long')).to.equal('ثانيتان');
    expect(formatDuration(3, 'ar', 'long')).to.equal('3 ثوان');
    expect(formatDuration(11, 'ar', 'long')).to.equal('11 ثانية');
  });

  it('writes clock times through Intl, in Latin digits, isolated from the sentence', () => {
    const noon = Date.UTC(2030, 0, 1, 12, 5) / 1000;
    const intl = (locale: string) =>
      new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(noon * 1000);
    expect(formatTime(noon, 'en')).to.equal(`\u2068${intl('en')}\u2069`);
    expect(formatTime(noon, 'bn')).to.equal(`\u2068${intl('bn-u-nu-latn')}\u2069`);
    expect(formatTime(noon, 'bn')).to.not.equal(`\u2068${intl('bn')}\u2069`);
  });

  it('capitalises network names', () => {
    expect(networkName('tron')).to.equal('Tron');
  });
});
