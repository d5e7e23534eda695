/** Reads an HTTP `Retry-After` value (RFC 9110: delay-seconds or an HTTP-date) as seconds to wait. */

/** The three HTTP-date forms: IMF-fixdate, RFC 850 and asctime (which has no zone: GMT). */
const HTTP_DATE = /^[A-Za-z]{3,9},? [\w -]+ \d\d:\d\d:\d\d (GMT|\d{4})$/;

/**
 * Whole seconds to wait, or `undefined` for no value or one that is neither form. `now` is the
 * answer's own `Date` when readable, so a customer's wrong clock does not stretch the wait.
 */
export function retryAfterSeconds(value: string | null, now: number): number | undefined {
  const date = value && HTTP_DATE.exec(value);
  const seconds = date
    ? Math.max(0, Math.ceil((Date.parse(date[1] === 'GMT' ? value : `${value} GMT`) - now) / 1000))
    : /^\d+$/.test(value ?? '')
      ? Number(value)
      : Number.NaN;
  // NaN (garbage) fails this too. A wait past an hour is an hour: no customer waits longer,
  // and timers take a delay over 24.8 days as none at all (a busy loop).
  return seconds >= 0 ? Math.min(seconds, MAX_WAIT_SECONDS) : undefined;
}

/** The longest wait the widget honours before asking again. */
export const MAX_WAIT_SECONDS = 3600;
