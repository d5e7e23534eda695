/**
 * Creating a checkout: price it, make the payment request upstream with the proxy's secret,
 * and keep only what the widget needs to follow it. Sender data goes to the service and
 * nowhere else.
 */

import type { KeyObject } from 'node:crypto';
import type { CreatePaymentRequest, SenderData } from '@crypto-pay/protocol';
import {
  type CreateCheckout,
  MAX_RESULT_URL_LENGTH,
  tooLongForCheckoutId,
  withCheckoutId,
} from '@crypto-pay/protocol/proxy-api';
import { ApiError } from '../api-error.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Config } from '../process/config.ts';
import type { Log } from '../process/logger.ts';
import {
  CHECKOUT_ID_CHARACTER,
  type CheckoutRecord,
  type CreateLinks,
  type CurrencyRef,
  type Store,
  type StreamedCheckout,
} from '../store/store.ts';
import { storeUnavailableReason } from '../store/unavailable.ts';
import { checkoutEvent } from '../webhooks/events.ts';
import type { Catalog } from './catalog.ts';
import { type CurrencyCache, isOffered } from './currency-list.ts';
import { checkOpenPrice } from './currency-rules.ts';
import { endUserReference, newCheckoutId, newForeignId, requestHash } from './identity.ts';
import { noteMerchantRefusal } from './merchant-refusals.ts';
import { type Price, resolvePrice, sessionInvalid } from './pricing.ts';
import { forCustomer, type ProcessingClient } from './upstream.ts';

export interface CheckoutDeps {
  config: Config;
  store: Store;
  processing: ProcessingClient;
  catalog: Catalog;
  currencies: CurrencyCache;
  referenceKey: KeyObject;
  /** Unix milliseconds. */
  now: () => number;
  /** How soon a give-back the store could not write is tried again (default 5 s). */
  giveBackRetryMs?: number;
  /** Counts each checkout created (`crypto_pay_checkouts_created_total`). */
  metrics?: Pick<Metrics, 'checkoutCreated'>;
}

const CHECKOUT_ID = new RegExp(`^${CHECKOUT_ID_CHARACTER}{22,64}$`);

/** The checkout with this public id, or 404 `checkout_not_found`. */
export function findCheckout(
  store: Pick<Store, 'getCheckout'>,
  id: string,
): Promise<CheckoutRecord> {
  return found(id, (id) => store.getCheckout(id));
}

/**
 * The checkout with this public id as a status read tells it (`Store.readCheckout`: on
 * PostgreSQL maybe a notice behind another proxy's change), or 404 `checkout_not_found`.
 */
export function findCheckoutStatus(store: Store, id: string): Promise<StreamedCheckout> {
  return found(id, (id) => store.readCheckout(id));
}

async function found<Found>(
  id: string,
  read: (id: string) => Promise<Found | undefined>,
): Promise<Found> {
  const checkout = CHECKOUT_ID.test(id) ? await read(id) : undefined;
  if (!checkout)
    throw new ApiError(404, 'checkout_not_found', 'There is no checkout with this id.');
  return checkout;
}

/** JSON with sorted keys, so equal bodies hash equally whatever their key order or spacing. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A return address from the browser is accepted only on an origin the merchant allowed. */
function returnUrl(url: string | undefined, field: string, allowed: string[]): string | undefined {
  if (url === undefined) return undefined;
  if (!allowed.includes(new URL(url).origin)) {
    throw new ApiError(422, 'url_not_allowed', `The ${field} must be on an allowed origin.`, {
      field,
    });
  }
  return url;
}

/** With `PAYMENT_CURRENCIES` set, the customer pays only in one of those. */
function checkPaymentCurrency(
  currency: CreateCheckout['payment_currency'],
  offered: Config['paymentCurrencies'],
): void {
  if (currency === undefined || isOffered(currency, offered)) return;
  const names = offered!.map((entry) =>
    entry.network_name === undefined ? entry.iso : `${entry.iso} (${entry.network_name})`,
  );
  throw new ApiError(
    422,
    'payment_currency_not_offered',
    `The payment_currency must be one of ${names.join(', ')}.`,
    { field: 'payment_currency' },
  );
}

/** Only the fields the spec defines go upstream, whatever else the browser sent. */
function senderDataOf(body: CreateCheckout): SenderData {
  const data = body.sender_data as unknown as Record<string, string>;
  return body.sender_type === 'natural'
    ? {
        first_name: data.first_name!,
        last_name: data.last_name!,
        date_of_birth: data.date_of_birth!,
      }
    : { legal_name: data.legal_name!, country_of_registration: data.country_of_registration! };
}

function paymentRequestOf(
  deps: CheckoutDeps,
  body: CreateCheckout,
  price: Price,
  ids: { checkoutId: string; foreignId: string },
  urls: { success?: string | undefined; failed?: string | undefined },
): CreatePaymentRequest {
  const { checkoutId, foreignId } = ids;
  const { config } = deps;
  const senderData = senderDataOf(body);
  const request: CreatePaymentRequest = {
    amount: price.amount,
    currency: price.currency,
    life_time_duration: config.paymentLifetimeSeconds,
    end_user_reference:
      price.session?.endUserReference ??
      endUserReference(deps.referenceKey, body.sender_type, senderData),
    sender_type: body.sender_type,
    sender_data: senderData,
    foreign_id: foreignId,
  };
  // Built from iso and network_name alone: the browser decides nothing else the service gets.
  if (body.payment_currency) request.payment_currency = currencyRef(body.payment_currency);
  if (body.end_user_email !== undefined) request.end_user_email = body.end_user_email;
  if (price.description !== undefined) request.description = price.description;
  const urlStore = normalisedUrl(price.session?.urlStore ?? config.urlStore);
  if (urlStore !== undefined) request.url_store = urlStore;
  if (urls.success !== undefined) {
    request.url_success = upstreamResultUrl(urls.success, checkoutId, 'success_url');
  }
  if (urls.failed !== undefined) {
    request.url_failed = upstreamResultUrl(urls.failed, checkoutId, 'failed_url');
  }
  return request;
}

/**
 * An address as it is kept, shown (checkout, webhooks) and sent: the WHATWG URL's `href`, as
 * `withCheckoutId` writes the result addresses the service gets, never as typed (`0x7f.0.0.1`,
 * a raw `"` or `<`).
 */
function normalisedUrl(url: string | undefined): string | undefined {
  return url === undefined ? undefined : new URL(url).href;
}

/**
 * A result address as the service gets it: with `checkout=<id>`, so the shop's result page can
 * resume the checkout. Start-up and the schemas refuse addresses too long for that; this guard
 * covers sessions saved before, rather than sending the service a URL it refuses.
 */
function upstreamResultUrl(url: string, checkoutId: string, field: string): string {
  const address = withCheckoutId(url, checkoutId);
  if (address.length > MAX_RESULT_URL_LENGTH) {
    throw new ApiError(422, 'url_too_long', tooLongForCheckoutId(field), { field });
  }
  return address;
}

/**
 * Creates a checkout, or with an Idempotency-Key seen before for the same body, returns the
 * checkout that key made (`replayed`). A failed create releases the key and the session (or
 * ends the session when the service already holds its foreign_id).
 */
export async function createCheckout(
  deps: CheckoutDeps,
  body: CreateCheckout,
  idempotencyKey: string | undefined,
  log: Log,
): Promise<{ checkout: CheckoutRecord; replayed: boolean }> {
  const { store, config } = deps;
  const successUrl = returnUrl(body.success_url, 'success_url', config.allowedOrigins);
  const failedUrl = returnUrl(body.failed_url, 'failed_url', config.allowedOrigins);
  checkPaymentCurrency(body.payment_currency, config.paymentCurrencies);

  // The times the key and the session are claimed at: each claim's token (`CreateLinks`).
  const keyClaimedAt = deps.now();
  let sessionClaimedAt: number | undefined;
  if (idempotencyKey !== undefined) {
    const hash = requestHash(deps.referenceKey, canonicalJson(body));
    const reservation = await store.reserveIdempotencyKey(idempotencyKey, hash, keyClaimedAt);
    if (reservation.kind === 'conflict') {
      throw new ApiError(
        409,
        'idempotency_conflict',
        'This Idempotency-Key was already used with a different request.',
      );
    }
    if (reservation.kind === 'in_progress') {
      throw new ApiError(
        409,
        'idempotency_in_progress',
        'A request with this Idempotency-Key is still being processed. Try again shortly.',
        { headers: { 'Retry-After': '1' } },
      );
    }
    if (reservation.kind === 'replay') {
      const checkout = await store.getCheckout(reservation.checkoutId);
      if (checkout) return { checkout, replayed: true };
    }
  }

  let price: Price | undefined;
  try {
    sessionClaimedAt = deps.now();
    price = await resolvePrice(body, { ...deps, openAmount: config.openAmount }, sessionClaimedAt);
    await checkOpenPrice(price, deps.currencies);
    const foreignId = price.session?.foreignId ?? newForeignId();
    const urls = {
      success: normalisedUrl(successUrl ?? price.session?.urlSuccess ?? config.urlSuccess),
      failed: normalisedUrl(failedUrl ?? price.session?.urlFailed ?? config.urlFailed),
    };
    // The id exists before the payment request: the result addresses carry it.
    const checkoutId = newCheckoutId();
    const request = paymentRequestOf(deps, body, price, { checkoutId, foreignId }, urls);
    const pricing = { pricing: price.pricing, product: price.product };
    const paymentRequest = await deps.processing.createPaymentRequest(request).catch((error) => {
      const create = { ...pricing, paymentCurrency: body.payment_currency };
      noteMerchantRefusal(error, create, { log, currencies: deps.currencies });
      return forCustomer(error, body);
    });

    const now = deps.now();
    const checkout: CheckoutRecord = {
      id: checkoutId,
      status: 'created',
      paymentLink: paymentRequest.payment_link,
      expiresAt: expiryOf(paymentRequest.life_time, now, config.paymentLifetimeSeconds),
      amount: paymentRequest.amount,
      currency: currencyRef(paymentRequest.currency),
      paymentRequestId: paymentRequest.id,
      foreignId: paymentRequest.foreign_id ?? foreignId,
      pricing: price.pricing,
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    const paymentCurrency = paymentRequest.payment_currency ?? body.payment_currency;
    if (paymentCurrency) checkout.paymentCurrency = currencyRef(paymentCurrency);
    if (urls.success !== undefined) checkout.successUrl = urls.success;
    if (urls.failed !== undefined) checkout.failedUrl = urls.failed;
    if (price.product !== undefined) checkout.product = price.product;
    const links: CreateLinks = {};
    if (idempotencyKey !== undefined) Object.assign(links, { idempotencyKey, keyClaimedAt });
    if (price.session) {
      Object.assign(links, { sessionTokenHash: price.session.tokenHash, sessionClaimedAt });
    }
    await store.insertCheckout(checkout, links, checkoutEvent(checkout)).catch((error) => {
      // The service holds this payment request and the store could not keep it: say which, so
      // the operator can match it (its callbacks will find no checkout).
      log('error', 'a created payment request could not be saved', {
        checkout_id: checkoutId,
        payment_request_id: paymentRequest.id,
        foreign_id: checkout.foreignId,
      });
      throw error;
    });
    deps.metrics?.checkoutCreated(checkout.pricing);
    return { checkout, replayed: false };
  } catch (error) {
    const session = price?.session;
    const retryMs = deps.giveBackRetryMs ?? GIVE_BACK_RETRY_MS;
    if (idempotencyKey !== undefined)
      await giveBack(() => store.releaseIdempotencyKey(idempotencyKey, keyClaimedAt), retryMs);
    if (session) {
      // The service already holds a payment request with the session's foreign_id: an earlier
      // attempt reached it and its answer was lost. No retry can succeed, so the session ends
      // (and says so) instead of being handed back to fail again.
      if (error instanceof ApiError && error.code === 'foreign_id_taken') {
        await giveBack(() => store.endSession(session.tokenHash, deps.now()), retryMs);
        throw sessionInvalid();
      }
      await giveBack(() => store.releaseSession(session.tokenHash, sessionClaimedAt), retryMs);
    }
    throw error;
  }
}

const GIVE_BACK_RETRY_MS = 5000;

/**
 * Gives back what a failed create held (its key, its session), so the customer's retry is not
 * refused as still in progress. A store that cannot write now (often why the create failed) is
 * asked again every few seconds until it can; a restart gives them back as well.
 */
async function giveBack(release: () => Promise<void>, retryMs: number): Promise<void> {
  try {
    await release();
  } catch (error) {
    if (!storeUnavailableReason(error)) throw error;
    setTimeout(() => void giveBack(release, retryMs), retryMs).unref();
  }
}

/** `life_time` is documented as a string of Unix seconds; fall back to the asked lifetime. */
function expiryOf(lifeTime: string, now: number, lifetimeSeconds: number): number {
  return /^\d+$/.test(lifeTime) ? Number(lifeTime) : Math.floor(now / 1000) + lifetimeSeconds;
}

function currencyRef(currency: {
  iso: string;
  network_name?: string | null | undefined;
}): CurrencyRef {
  return currency.network_name
    ? { iso: currency.iso, network_name: currency.network_name }
    : { iso: currency.iso };
}
