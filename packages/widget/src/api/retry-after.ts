/** Reads an HTTP `Retry-After` value (RFC 9110: delay-seconds or an HTTP-date) as seconds to wait. */

/** The three HTTP-date forms: IMF-fixdate, RFC 850 and asctime (which has no zone: GMT). */
const HTTP_DATE = /^[A-Za-z]{3,9},? [\w -]+ \d\d:\d\d:\d\d (GMT|\d{4})$/;

/**
 * Whole seconds to wait, or `undefined` for no value or one that is neither form. `now` is the
 * answer's own `Date` when readable, so a customer's wrong clock does not stretch the wait.
 */
export function retryAfterSeconds(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  // Digits too many to count exactly are not a delay anyone meant.
  if (/^\d+$/.test(value)) return Number.isSafeInteger(+value) ? +value : undefined;
  const form = HTTP_DATE.exec(value)?.[1];
  const at = form ? Date.parse(form === 'GMT' ? value : `${value} GMT`) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
