/**
 * Counted messages: the form a `Plural` takes for a number in the locale's plural rules (CLDR,
 * through `Intl.PluralRules`). Out of the first paint: the form's rules chunk brings it, since
 * the only count so far is that of the form's mistakes.
 */
import type { Plural, Translation } from './translation.ts';

/** The text of `message` for `count`, `{count}` replaced by the number. */
export const plural = (t: Pick<Translation, '$code'>, message: Plural, count: number): string =>
  (message[new Intl.PluralRules(t.$code).select(count)] ?? message.other).replace(
    '{count}',
    `${count}`,
  );
