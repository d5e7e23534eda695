/**
 * Locale formatting of what the customer reads: amounts digit for digit from their decimal
 * strings (never through a float) with the translation's marks. (Waits are in duration.ts, with
 * the error views' countdown, the pay step's clock in clock.ts, country names in the rules'
 * countries.ts: all out of the first paint.)
 */

/** The marks a locale writes numbers with (a translation carries them). */
export interface NumberMarks {
  $decimal: string;
  $group: string;
  $minimumGroupingDigits: number;
  /** Digits per group left of the first when it differs from 3 (2 in Hindi: `12,34,567`). */
  /**
   * Where group marks go when not before every third digit from the right: Hindi's and
   * Bengali's before the last three and each two left of them (`12,34,567`). A pattern the
   * locale's chunk brings, so the first paint carries no rule that only India's locales use.
   */
  $grouping?: RegExp;
}

/**
 * `amount` (a decimal string such as `1234.50`) with the locale's marks: `1,234.50` in English,
 * `1.234,50` in German. Every digit is kept; nothing is rounded. Anything that is not a plain
 * decimal is shown as given rather than guessed at. The marks come with the translation, not
 * from `Intl.NumberFormat`: a page's first `Intl` formatter loads the locale data, which took
 * longer than the rest of the first form together (BENCHMARKS.md, widget).
 */
export function formatAmount(amount: string, marks: NumberMarks): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole = '', fraction] = match;
  const grouped =
    whole.length >= 3 + marks.$minimumGroupingDigits
      ? whole.replace(marks.$grouping ?? /\B(?=(\d{3})+$)/g, marks.$group)
      : whole;
  return `${sign}${grouped}${fraction === undefined ? '' : `${marks.$decimal}${fraction}`}`;
}

/** `tron` reads as `Tron`: network names come lower-case from the API. */
export const networkName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
