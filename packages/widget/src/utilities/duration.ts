/**
 * A wait as the customer reads it, through `Intl`: the error views' countdown's (in its chunk,
 * `retry-wait.ts`, out of the first paint).
 */

/**
 * A wait such as `12 sec` (`short`) or `12 seconds` (`long`), in minutes from a minute on, with
 * each locale's own plural forms from `Intl`.
 */
export function formatDuration(seconds: number, locale: string, width: 'short' | 'long'): string {
  const minutes = seconds >= 60;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: minutes ? 'minute' : 'second',
    unitDisplay: width,
    numberingSystem: 'latn',
  }).format(minutes ? Math.ceil(seconds / 60) : seconds);
}
