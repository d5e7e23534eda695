/**
 * An HTTP `Retry-After` value (RFC 9110: delay-seconds or an HTTP-date) as seconds to wait: how
 * the widget waits for a proxy that asks it to, and the proxy for a webhook receiver that does.
 */

/** The three HTTP-date forms: IMF-fixdate, RFC 850 and asctime (which has no zone: GMT). */
const HTTP_DATE = /^[A-Za-z]{3,9},? [\w -]+ \d\d:\d\d:\d\d (GMT|\d{4})$/;

/**
 * Whole seconds to wait, at most `most`, or `undefined` for no value or one that is neither
 * form. `now` (Unix ms) is best the answer's own `Date` when readable, so a wrong clock on
 * either side does not stretch the wait. The cap is the caller's: timers take a delay past
 * 24.8 days as none at all (a busy loop), and no one waits for ever.
 */
export function retryAfterSeconds(
  value: string | null,
  now: number,
  most: number,
): number | undefined {
  const date = value && HTTP_DATE.exec(value);
  const seconds = date
    ? Math.max(0, Math.ceil((Date.parse(date[1] === 'GMT' ? value : `${value} GMT`) - now) / 1000))
    : /^\d+$/.test(value ?? '')
      ? Number(value)
      : Number.NaN;
  // NaN (garbage) fails this too.
  return seconds >= 0 ? Math.min(seconds, most) : undefined;
}
