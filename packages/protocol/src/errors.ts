/**
 * The error catalogue of the processing API: every error row of the spec as a named entry
 * with its HTTP status, its `code` and its exact text. Sandbox, client, proxy and widget all
 * build and recognise errors from here, so a text can never drift between them.
 */

import { customerErrors } from './customer-errors.ts';

/** An error the processing service answers with: what goes on the wire, plus its status. */
export interface ProcessingError {
  /** Stable name of the catalogue entry, e.g. `amount_below_minimum`. Never sent on the wire. */
  readonly name: string;
  readonly status: 400 | 403 | 404 | 409 | 422;
  /** The `code` field of the body: the status as an integer, or a string for most 403s. */
  readonly code: number | string;
  /** The `error` field of the body, exactly as the spec writes it. */
  readonly message: string;
  /**
   * The request field the error concerns (`sender_data.first_name`), so a form can show it
   * next to that field; the spec's error bodies carry no field, the catalogue knows it.
   */
  readonly field?: string;
}

const fixed =
  <S extends ProcessingError['status']>(status: S, code: number | string = status) =>
  (name: string, message: string, field?: string): ProcessingError =>
    field === undefined ? { name, status, code, message } : { name, status, code, message, field };

const badRequest = fixed(400);
const notFound = fixed(404);
const unprocessable = fixed(422);
const forbidden = (name: string, message: string, code: string | number) =>
  fixed(403, code)(name, message);

/** Unit of a lifespan bound: the spec's `<span> {minutes/days}`. */
export type SpanUnit = 'minutes' | 'days';

export const errors = {
  // 400
  foreignIdTaken: badRequest(
    'foreign_id_taken',
    'Payment request with this foreign_id already exists.',
    'foreign_id',
  ),
  userFeePercentInvalid: badRequest(
    'user_fee_percent_invalid',
    'user_fee_percent must be 0 or 100.',
    'user_fee_percent',
  ),

  // 403: headers and access
  badSignature: forbidden('bad_signature', 'Bad signature header', 'bad_header_signature'),
  missingSignature: forbidden(
    'missing_signature',
    'No signature header',
    'required_header_signature',
  ),
  badKey: forbidden('bad_key', 'Bad key header', 'bad_header_key'),
  missingKey: forbidden('missing_key', 'No key header', 'required_header_key'),
  badContentFormat: forbidden('bad_content_format', 'Bad content format', 'bad_content_format'),
  clientDisabled: forbidden('client_disabled', 'Client is not enabled', 'client_disabled'),
  wrongApiVersion: forbidden('wrong_api_version', 'Wrong api version', 'api_disabled'),
  merchantDisabled: forbidden('merchant_disabled', 'Merchant is disabled.', 403),

  // 404
  currencyIsoUnknown: notFound(
    'currency_iso_unknown',
    'The currency.iso is incorrect.',
    'currency.iso',
  ),
  paymentCurrencyIsoUnknown: notFound(
    'payment_currency_iso_unknown',
    'payment_currency.iso is incorrect.',
    'payment_currency.iso',
  ),

  // 422: validation
  currencyIsoMissing: unprocessable(
    'currency_iso_missing',
    'The iso is a mandatory field.',
    'currency.iso',
  ),
  currencyIsoDisabled: unprocessable(
    'currency_iso_disabled',
    'The currency.iso is disabled.',
    'currency.iso',
  ),
  networkNameRequired: unprocessable(
    'network_name_required',
    'The currency.network_name field is mandatory for crypto currencies.',
    'currency.network_name',
  ),
  currencyNetworkUnsupported: unprocessable(
    'currency_network_unsupported',
    'The combination of currency and network is not supported.',
    'currency.network_name',
  ),
  amountMissing: unprocessable('amount_missing', 'The amount field is mandatory.', 'amount'),
  amountBelowMinimum: (amount: string) =>
    unprocessable('amount_below_minimum', `The minimum amount is ${amount} EUR.`, 'amount'),
  amountAboveMaximum: (amount: string) =>
    unprocessable('amount_above_maximum', `The maximum amount is ${amount} EUR.`, 'amount'),
  amountTooManyDecimals: (currency: string, decimalPlaces: number) =>
    unprocessable(
      'amount_too_many_decimals',
      `The amount for ${currency} cannot have more than ${decimalPlaces} decimal places.`,
      'amount',
    ),
  lifetimeMissing: unprocessable(
    'lifetime_missing',
    'It is obligatory - to fill in life_time_date_time or life_time_duration.',
  ),
  lifetimeBoth: unprocessable(
    'lifetime_both',
    'Only one of fields life_time_date_time and life_time_duration should be field.',
  ),
  lifespanTooShort: (span: number, unit: SpanUnit) =>
    unprocessable(
      'lifespan_too_short',
      `The lifespan must be longer than or equal to ${span} ${unit}.`,
      'life_time_duration',
    ),
  lifespanTooLong: (span: number, unit: SpanUnit) =>
    unprocessable(
      'lifespan_too_long',
      `The lifespan must be shorter than or equal ${span} ${unit}.`,
      'life_time_duration',
    ),
  paymentCurrencyEmpty: unprocessable(
    'payment_currency_empty',
    'payment_currency must not be empty if provided.',
    'payment_currency',
  ),
  paymentCurrencyNotCrypto: unprocessable(
    'payment_currency_not_crypto',
    'payment_currency.iso must be a cryptocurrency.',
    'payment_currency.iso',
  ),
  paymentCurrencyIsoEmpty: unprocessable(
    'payment_currency_iso_empty',
    'payment_currency.iso must not be empty if provided.',
    'payment_currency.iso',
  ),
  paymentCurrencyIsoDisabled: unprocessable(
    'payment_currency_iso_disabled',
    'payment_currency.iso is disabled.',
    'payment_currency.iso',
  ),
  exchangeRateUnavailable: (currencyIso: string, paymentCurrencyIso: string) =>
    unprocessable(
      'exchange_rate_unavailable',
      `Exchange rate is not available between ${currencyIso} and ${paymentCurrencyIso}.`,
      'payment_currency.iso',
    ),
  paymentNetworkNameEmpty: unprocessable(
    'payment_network_name_empty',
    'payment_currency.network_name must not be empty if provided.',
    'payment_currency.network_name',
  ),
  paymentNetworkNameWithoutIso: unprocessable(
    'payment_network_name_without_iso',
    'payment_currency.network_name cannot be specified without payment_currency.iso.',
    'payment_currency.network_name',
  ),
  paymentCurrencyNetworkUnsupported: unprocessable(
    'payment_currency_network_unsupported',
    'The combination of currency and network is not supported.',
    'payment_currency.network_name',
  ),
  descriptionTooLong: unprocessable(
    'description_too_long',
    'The description must be 255 characters or less.',
    'description',
  ),
  descriptionEmpty: unprocessable(
    'description_empty',
    'The description must not be empty if provided.',
    'description',
  ),
  foreignIdTooLong: unprocessable(
    'foreign_id_too_long',
    'Foreign ID must be 255 characters or less.',
    'foreign_id',
  ),
  foreignIdEmpty: unprocessable(
    'foreign_id_empty',
    'The foreign_id must not be empty if provided.',
    'foreign_id',
  ),
  urlStoreInvalid: unprocessable('url_store_invalid', 'The url_store is invalid.', 'url_store'),
  urlStoreTooLong: unprocessable(
    'url_store_too_long',
    'The url_store must be 255 characters or less.',
    'url_store',
  ),
  urlSuccessInvalid: unprocessable(
    'url_success_invalid',
    'The url_success is invalid.',
    'url_success',
  ),
  urlSuccessTooLong: unprocessable(
    'url_success_too_long',
    'The url_success must be 255 characters or less.',
    'url_success',
  ),
  urlFailedInvalid: unprocessable('url_failed_invalid', 'The url_failed is invalid.', 'url_failed'),
  urlFailedTooLong: unprocessable(
    'url_failed_too_long',
    'The url_failed must be 255 characters or less.',
    'url_failed',
  ),
  endUserReferenceEmpty: unprocessable(
    'end_user_reference_empty',
    'The end_user_reference must not be empty if provided.',
    'end_user_reference',
  ),
  endUserReferenceTooLong: unprocessable(
    'end_user_reference_too_long',
    'The end_user_reference must be 255 characters or less.',
    'end_user_reference',
  ),
  // What a customer types at checkout (customer-errors.ts, for the widget's form rules).
  ...customerErrors,
} as const;
