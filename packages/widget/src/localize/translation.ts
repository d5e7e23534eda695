/**
 * The typed set of every text the widget shows. Each locale file implements it completely, so
 * a missing term is a type error rather than an English word in a German checkout.
 */
import type { LegalEntityData, NaturalPersonData } from '@crypto-pay/protocol/sender';

/** The sender fields the customer fills in: the protocol's, by its types (no bytes). */
export type SenderField = keyof NaturalPersonData | keyof LegalEntityData;

/** A part of a date the customer types. */
export type DatePart = 'day' | 'month' | 'year';

/**
 * A message that counts something: one text per plural category of the locale's rules (CLDR,
 * chosen through `Intl.PluralRules`), `{count}` standing for the number. `other` is always
 * there; a locale gives every category its rules use (Russian `one`/`few`/`many`, Arabic all six).
 */
export type Plural = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

export interface Translation {
  /** BCP 47 code of the locale, e.g. `de`, `zh-Hant`; also the element's `lang`. */
  $code: string;
  $dir: 'ltr' | 'rtl';
  /**
   * How the locale writes a number in Latin digits (CLDR): its decimal and grouping marks, and
   * how many digits must stand before the first grouping mark (2 in Spanish: `1234`, `12.345`).
   */
  $decimal: string;
  $group: string;
  $minimumGroupingDigits: number;
  /** Where group marks go when not every three digits (Hindi's `12,34,567`: format.ts). */
  $grouping?: RegExp;

  loading: string;
  checkingStatus: string;

  detailsHeading: string;
  detailsIntro: string;
  orderTotal: string;
  senderTypeLegend: string;
  senderNatural: string;
  senderLegal: string;
  fieldLabels: Record<SenderField, string>;
  countrySearch: string;
  countryNoMatch: string;
  email: string;
  emailHint: string;
  /** The pay-with choice on the form, and the chosen currency on the pay step. */
  payWithLegend: string;
  /** Also what the pay step shows for a currency left to the payment page. */
  payWithLater: string;
  /** The service refused the chosen pay-with currency (disabled, or no exchange rate). */
  paymentCurrencyRefused: string;
  /** A crypto currency on one network, e.g. `USDT on Tron`. */
  currencyOnNetwork: (iso: string, network: string) => string;
  submit: string;
  submitting: string;
  /** Announced when a submit finds mistakes; `{count}` fields need attention. */
  formHasErrors: Plural;

  required: Record<SenderField, string>;
  tooLong: string;
  dateOfBirthInvalid: string;
  /** A date the browser's input could not read: half typed, or a day its month does not have. */
  dateOfBirthIncomplete: string;
  /**
   * The date of birth's three parts in the order the language writes a date (the keys' order),
   * each as CLDR names it (`Intl.DisplayNames`, `dateTimeField`) with a capital as a label. Data,
   * as the number marks are, held to `Intl` by translations.test.ts: the form asks nothing of
   * `Intl`, whose first use in a page costs tens of milliseconds (BENCHMARKS.md, issue 32).
   * English's (the United States' order) are the date field's own, in the rules' chunk: the
   * first paint has no bytes for them, and every other language has its own.
   */
  dateParts?: Record<DatePart, string>;
  countryInvalid: string;
  /** The country search has text, but no country is chosen from the list. */
  countryNotPicked: string;
  emailInvalid: string;
  fieldInvalid: string;

  /** The open amount's "other amount" field, beside the merchant's presets. */
  otherAmount: string;
  /** The proxy refused the amount sent (its bounds changed since the page loaded, say). */
  amountNotAccepted: string;

  payHeading: string;
  amountLabel: string;
  /** An amount followed by its currency in the locale's order, e.g. `25,00 EUR`. */
  amountWithCurrency: (amount: string, currency: string) => string;
  /** Heading over `amountOutOfRange`. */
  amountHeading: string;
  /** An open amount outside the proxy's bounds; `max` carries the currency, e.g. `500.00 EUR`. */
  amountOutOfRange: (min: string, max: string) => string;
  /**
   * An open amount not written as the proxy takes it (`20,50`, `12.505`): figures, with a point
   * before the decimals unless `whole`; `example` is written that way (e.g. `1.00`).
   */
  amountFormat: (example: string, whole: boolean) => string;
  openPaymentPage: string;
  opensInNewTab: string;
  paymentLink: string;
  qrLabel: string;
  copyLink: string;
  copied: string;
  copyFailed: string;
  /** The pay step's way back to the form, all kept, for a new checkout in another currency. */
  chooseAnotherCurrency: string;
  /** The pay step's way out: the customer gives the checkout up, the element starts afresh. */
  cancelPayment: string;
  /**
   * After "Cancel payment" on a `session`'s checkout: the session is used up, so the shop makes
   * the next one.
   */
  paymentCancelled: string;
  /** Before the countdown, with the colon as the language writes it (`Temps restant :`). */
  timeLeft: string;
  /**
   * Beside the countdown, in the language's own brackets (`（有効期限 17:34）`); `time` is already
   * formatted for the locale, in Latin digits and isolated from the sentence's direction.
   */
  expiresAt: (time: string) => string;
  statusCreated: string;
  statusProcessing: string;
  /** Status reads fail or go unanswered: the customer may have paid, and must not pay again. */
  statusUnreadable: string;
  checkNow: string;

  redirectHeading: string;
  redirectBody: string;

  successHeading: string;
  successBody: string;
  /** After paid, failed or expired, when the page goes back to the shop. */
  leavingToShop: string;
  failedHeading: string;
  failedBody: string;
  expiredHeading: string;
  expiredBody: string;
  startAgain: string;
  /** Failed: less than the amount due was sent (the callback's amounts say so). */
  failedUnderpaidBody: string;
  /** Failed: the amount was sent but not confirmed in time. */
  failedLateBody: string;
  /** After an underpayment, when the customer gave an email: the service sends instructions. */
  refundByEmail: string;
  /** After an underpayment without an email: the shop is whom to ask. */
  refundFromShop: string;
  /** After a late payment: the shop is whom to ask about the money sent. */
  lateMoneyFromShop: string;
  /** After a failure the service gave no reason for. */
  failedMoneyFromShop: string;
  /** Paid more than due, with an email: the service sends instructions for the difference. */
  overpaidRefundByEmail: string;
  /** Paid more than due, without an email: the shop refunds the difference. */
  overpaidRefundFromShop: string;
  /** The failure view's action to the shop's failure address. */
  backToShop: string;
  /** Every end view: the checkout id, grouped, that the customer quotes to the shop. */
  paymentReference: string;
  referenceHint: string;
  copyReference: string;
  referenceCopied: string;
  referenceCopyFailed: string;
  /**
   * The reference as a screen reader says it, each character on its own: most do not say a
   * capital or read `-` and `_` at their default settings, and every character counts.
   */
  referenceCapital: (letter: string) => string;
  referenceHyphen: string;
  referenceUnderscore: string;
  /** The payment page's tab, when the tab that started the payment shows its result. */
  elsewhereHeading: string;
  elsewhereBody: string;

  errorHeading: string;
  errorUnreachable: string;
  errorUnavailable: string;
  errorRateLimited: string;
  errorNotFound: string;
  /** A checkout session (payment link) that is unknown, already used or expired. */
  errorSessionInvalid: string;
  errorRejected: string;
  errorMisconfigured: string;
  retry: string;
  /** The retry button while the proxy asks to wait; `time` is formatted short, e.g. `12 sec`. */
  retryIn: (time: string) => string;
  /** Said once when a wait starts; `time` is formatted in full words, e.g. `12 seconds`. */
  retryWait: (time: string) => string;
  back: string;
}

/**
 * The messages only later views show: the payment panel (and its status for screen readers),
 * how a checkout ended and what becomes of the money, and the tab that defers to another. (How
 * it ended, in a heading, is first: a result page shows it even if the panel's chunk fails.)
 * English ships them in a chunk of their own (translations/en-later.ts), not in the first paint;
 * every other locale's chunk holds them all.
 */
export type LaterMessageKey =
  | 'redirectHeading'
  | 'redirectBody'
  | 'paymentLink'
  | 'qrLabel'
  | 'copyLink'
  | 'copied'
  | 'copyFailed'
  | 'chooseAnotherCurrency'
  | 'cancelPayment'
  | 'paymentCancelled'
  | 'timeLeft'
  | 'expiresAt'
  | 'statusCreated'
  | 'statusProcessing'
  | 'statusUnreadable'
  | 'checkNow'
  | 'successBody'
  | 'leavingToShop'
  | 'failedBody'
  | 'expiredBody'
  | 'failedUnderpaidBody'
  | 'failedLateBody'
  | 'refundByEmail'
  | 'refundFromShop'
  | 'lateMoneyFromShop'
  | 'failedMoneyFromShop'
  | 'overpaidRefundByEmail'
  | 'overpaidRefundFromShop'
  | 'backToShop'
  | 'paymentReference'
  | 'referenceHint'
  | 'copyReference'
  | 'referenceCopied'
  | 'referenceCopyFailed'
  | 'referenceCapital'
  | 'referenceHyphen'
  | 'referenceUnderscore'
  | 'elsewhereHeading'
  | 'elsewhereBody';

export type LaterMessages = Pick<Translation, LaterMessageKey>;

/**
 * What the form says of a mistake: only its rules' chunk (sender-rules.ts) words one, so English
 * ships them with its later messages' chunk (translations/en-form.ts, through en-later.ts), not
 * in the first paint.
 */
export type FormMessageKey =
  | 'formHasErrors'
  | 'required'
  | 'tooLong'
  | 'dateOfBirthInvalid'
  | 'dateOfBirthIncomplete'
  | 'countryInvalid'
  | 'countryNotPicked'
  | 'emailInvalid'
  | 'fieldInvalid'
  | 'paymentCurrencyRefused'
  | 'amountNotAccepted'
  | 'amountOutOfRange'
  | 'amountFormat';

export type FormMessages = Pick<Translation, FormMessageKey>;

/** The messages of the first view and its errors: English ships these in the first paint. */
export type FirstMessages = Omit<Translation, LaterMessageKey | FormMessageKey>;

/** What a view can count on before the later parts are there (English's until they load). */
export type EarlyTranslation = FirstMessages & Partial<LaterMessages> & Partial<FormMessages>;
