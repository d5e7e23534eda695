/**
 * A date of birth as customers type it, read as the spec's Gregorian day: in their script's
 * digits (a Persian keyboard types ۱۳۷۰, an Arabic one may type ١٩٩٠), and in their language's
 * own calendar where it is not the Gregorian one (Thai's Buddhist era, 2530; Persian's solar
 * Hijri, 1370/7/1). Those years are centuries from any Gregorian year of birth, so a year
 * outside the Gregorian range is read in the language's calendar; inside it, as Gregorian.
 * In the rules' chunk: `Intl` is asked only for such a year, never by the first form.
 */

/**
 * The zero of each script whose digits a shipped language's keyboard types: Arabic-Indic,
 * Persian and Urdu's, Devanagari, Bengali, Thai. (The open amount's check reads the first two
 * the same way in the amount choice's chunk: a module both chunks imported would be a chunk of
 * its own, which the proxy does not serve.)
 */
const ZEROS = ['٠', '۰', '०', '০', '๐'].map((zero) => zero.charCodeAt(0));
const SCRIPT_DIGITS = /[٠-٩۰-۹०-९০-৯๐-๙]/g;

/** `text` with every digit of those scripts as its ASCII digit. */
export function asciiDigits(text: string): string {
  return text.replace(SCRIPT_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    return String(code - ZEROS.find((zero) => code >= zero && code - zero < 10)!);
  });
}

const DAY_MS = 86_400_000;
/** The days searched: every date of birth, in any of these calendars, falls between. */
const FIRST_DAY = Date.UTC(1800, 0, 1) / DAY_MS;
const LAST_DAY = Date.UTC(2200, 0, 1) / DAY_MS;

const formats = new Map<string, Intl.DateTimeFormat>();

/** The language's date format in its own calendar, with ASCII digits. */
function formatOf(language: string): Intl.DateTimeFormat {
  let format = formats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(`${language}-u-nu-latn`, {
      timeZone: 'UTC',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    formats.set(language, format);
  }
  return format;
}

/**
 * The Gregorian `YYYY-MM-DD` of a date typed in `language`'s calendar (asked only for a date
 * that is no Gregorian date of birth), when that calendar is not the Gregorian one; otherwise,
 * or when the calendar has no such day, undefined.
 */
export function fromOwnCalendar(
  language: string,
  year: number,
  month: number,
  day: number,
): string | undefined {
  let format: Intl.DateTimeFormat;
  try {
    format = formatOf(language);
  } catch {
    return undefined; // A language `Intl` does not know: its dates are read as typed.
  }
  if (format.resolvedOptions().calendar === 'gregory') return undefined;
  // Days run in order in each of these calendars: the first day not before the one typed.
  const typed = [year, month, day];
  const compare = (dayNumber: number) => {
    const parts = new Map(format.formatToParts(dayNumber * DAY_MS).map((p) => [p.type, p.value]));
    const shown = [parts.get('year'), parts.get('month'), parts.get('day')].map(Number);
    return shown[0]! - typed[0]! || shown[1]! - typed[1]! || shown[2]! - typed[2]!;
  };
  let low = FIRST_DAY;
  let high = LAST_DAY;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (compare(middle) < 0) low = middle + 1;
    else high = middle;
  }
  return compare(low) === 0 ? new Date(low * DAY_MS).toISOString().slice(0, 10) : undefined;
}
