/** The pay step's clock: when the checkout expires, and the time left until then. */

/** A clock time such as `15:04` or `3:04 PM`. */
export function formatTime(unixSeconds: number, locale: string): string {
  const time = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    // Latin digits, as the countdown beside it and every amount (Bengali's own digits otherwise).
    numberingSystem: 'latn',
  }).format(new Date(unixSeconds * 1000));
  // Isolated from the sentence it goes in: in right-to-left text `5:33 PM` would show as
  // `PM 5:33` (U+2068 FIRST STRONG ISOLATE ... U+2069 POP DIRECTIONAL ISOLATE).
  return `\u2068${time}\u2069`;
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
