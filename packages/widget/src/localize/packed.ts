/**
 * Translations as the build ships them: each language's chunk is an array of its messages in one
 * fixed key order (build/packed-translations.ts makes it from the typed source, which stays an
 * object so that a missing message is a type error), so no chunk carries the key names. The
 * order is that of English's first-paint messages (translations/en.ts, which every page has
 * already), then the rest, listed here once (in the locales chunk).
 */
import type { FirstMessages, FormMessageKey, LaterMessageKey, Translation } from './translation.ts';

/**
 * The keys English's first paint does not hold, in their packed order: the two a language may
 * leave to English (`$grouping`, `dateParts`), then English's later messages.
 */
export const PACKED_LATER_KEYS = [
  '$grouping',
  'dateParts',
  'formHasErrors',
  'required',
  'tooLong',
  'dateOfBirthInvalid',
  'dateOfBirthIncomplete',
  'countryInvalid',
  'countryNotPicked',
  'emailInvalid',
  'fieldInvalid',
  'paymentCurrencyRefused',
  'amountNotAccepted',
  'amountOutOfRange',
  'amountFormat',
  'redirectHeading',
  'redirectBody',
  'paymentLink',
  'qrLabel',
  'copyLink',
  'copied',
  'copyFailed',
  'chooseAnotherCurrency',
  'cancelPayment',
  'paymentCancelled',
  'timeLeft',
  'expiresAt',
  'statusCreated',
  'statusProcessing',
  'statusUnreadable',
  'checkNow',
  'successBody',
  'leavingToShop',
  'failedBody',
  'expiredBody',
  'failedUnderpaidBody',
  'failedLateBody',
  'refundByEmail',
  'refundFromShop',
  'lateMoneyFromShop',
  'failedMoneyFromShop',
  'overpaidRefundByEmail',
  'overpaidRefundFromShop',
  'backToShop',
  'paymentReference',
  'referenceHint',
  'copyReference',
  'referenceCopied',
  'referenceCopyFailed',
  'referenceCapital',
  'referenceHyphen',
  'referenceUnderscore',
  'elsewhereHeading',
  'elsewhereBody',
] as const satisfies readonly ('$grouping' | 'dateParts' | LaterMessageKey | FormMessageKey)[];

// Every later message is listed: a new one left out is a type error here.
type Unlisted = Exclude<LaterMessageKey | FormMessageKey, (typeof PACKED_LATER_KEYS)[number]>;
const everyLaterKeyListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyLaterKeyListed;

/** The packed order of every key: English's first-paint ones as en.ts lists them, then the rest. */
export const packedKeys = (firstEnglish: FirstMessages): string[] => [
  ...Object.keys(firstEnglish),
  ...PACKED_LATER_KEYS,
];

/**
 * A language's translation from its chunk: packed by the build, an object from source (the
 * tests, a bundler that reads `src/`). A message the language does not have (`$grouping`) is a
 * hole in the array, and no key in the object.
 */
export function unpack(shipped: Translation | unknown[], firstEnglish: FirstMessages): Translation {
  if (!Array.isArray(shipped)) return shipped;
  const keys = packedKeys(firstEnglish);
  return Object.fromEntries(
    shipped.flatMap((message, index) => (message === undefined ? [] : [[keys[index], message]])),
  ) as Translation;
}
