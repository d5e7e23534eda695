/** The pay step's clock: when the checkout expires, and the time left until then. */

/** A clock time such as `15:04` or `3:04 PM`. */
export function formatTime(unixSeconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(unixSeconds * 1000),
  );
}

/** Time left as `m:ss` or `h:mm:ss`, never negative. */
export function formatCountdown(secondsLeft: number): string {
  const total = Math.max(0, Math.floor(secondsLeft));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}
