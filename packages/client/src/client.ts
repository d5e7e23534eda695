/**
 * `createProcessingClient`: one typed method per operation of the processing API, each one
 * validating its input, signing and sending it, parsing the answer, and retrying only where
 * that cannot charge or pay anyone twice.
 */

import {
  type BalanceEntry,
  balancesResponseSchema,
  type Callback,
  type CreateInvoiceRequest,
  type CreatePaymentRequest,
  type CreateWithdrawalRequest,
  type CurrencyEntry,
  cancelInvoiceResponseSchema,
  currenciesResponseSchema,
  type Invoice,
  invoiceResponseSchema,
  type PaymentRequest,
  paymentRequestResponseSchema,
  type Transaction,
  type TransactionInfoRequest,
  transactionSchema,
  type Validated,
  validate,
  type Withdrawal,
  withdrawalResponseSchema,
} from '@crypto-pay/protocol';
import {
  EMPTY_BODY,
  invoiceBody,
  invoicePathSegment,
  paymentRequestBody,
  transactionInfoBody,
  withdrawalBody,
} from './bodies.ts';
import { type Credentials, signedCall } from './call.ts';
import { type CallbackHeaders, type RawBody, verifyCallback } from './callbacks.ts';
import { fetchTransport } from './fetch-transport.ts';
import {
  type RetryOptions,
  type RetryRule,
  retryPolicy,
  retryRead,
  retryUnsent,
  withRetries,
} from './retry.ts';
import { nodeHttpTransport, type Transport } from './transport.ts';

export interface ProcessingClientOptions {
  /** The merchant's API key, sent as `X-Processing-Key`. */
  apiKey: string;
  /** The merchant's signing secret. It signs requests and verifies callbacks; it is never sent. */
  signingSecret: string;
  /** `{base_url}`, e.g. `https://app.cryptoprocessing.com/api/v2`. */
  baseUrl: string;
  /** `{payments_base_url}`, e.g. `https://app.cryptoprocessing.com/api/payments/v1`. */
  paymentsBaseUrl: string;
  /** Time allowed for one attempt, from connecting to the last byte of the answer (default 10000). */
  timeoutMs?: number;
  /** A `fetch` for the POST operations; by default every call goes through `node:http(s)`. */
  fetch?: typeof fetch;
  /** How reads are retried (creates are retried only when the request was never sent). */
  retry?: RetryOptions;
}

/** Per call: an `AbortSignal` to give up early (the call then rejects with the signal's reason). */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface ProcessingClient {
  createPaymentRequest(body: CreatePaymentRequest, options?: CallOptions): Promise<PaymentRequest>;
  listBalances(options?: CallOptions): Promise<BalanceEntry[]>;
  listCurrencies(options?: CallOptions): Promise<CurrencyEntry[]>;
  createInvoice(body: CreateInvoiceRequest, options?: CallOptions): Promise<Invoice>;
  /** Resolves once the service has cancelled the invoice (it answers an empty array). */
  cancelInvoice(foreignId: string, options?: CallOptions): Promise<void>;
  createWithdrawal(body: CreateWithdrawalRequest, options?: CallOptions): Promise<Withdrawal>;
  getTransaction(query: TransactionInfoRequest, options?: CallOptions): Promise<Transaction>;
  /** Checks a callback's key, signature (over `rawBody`, the exact bytes received) and shape. */
  verifyCallback(rawBody: RawBody, headers: CallbackHeaders): Promise<Callback>;
}

function requiredText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new TypeError(`${name} must be a non-empty string.`);
  }
  return value;
}

/** A base address without its trailing slashes, so paths can be appended as the spec writes them. */
function baseAddress(name: string, value: unknown): string {
  const text = requiredText(name, value);
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new TypeError(`${name} must be an http(s) URL without query or fragment.`);
  }
  return url.href.replace(/\/+$/, '');
}

export function createProcessingClient(options: ProcessingClientOptions): ProcessingClient {
  const credentials: Credentials = {
    apiKey: requiredText('apiKey', options.apiKey),
    signingSecret: requiredText('signingSecret', options.signingSecret),
  };
  const baseUrl = baseAddress('baseUrl', options.baseUrl);
  const paymentsBaseUrl = baseAddress('paymentsBaseUrl', options.paymentsBaseUrl);
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError('timeoutMs must be a positive number of milliseconds.');
  }
  const policy = retryPolicy(options.retry);
  // fetch cannot send a GET body, so GET always takes node:http.
  const postTransport: Transport = options.fetch
    ? fetchTransport(options.fetch)
    : nodeHttpTransport;

  function call<T>(
    operation: string,
    rule: RetryRule,
    request: { method: 'GET' | 'POST'; url: string; body: string },
    parse: (json: unknown) => Validated<T>,
    callOptions: CallOptions = {},
  ): Promise<T> {
    const { signal } = callOptions;
    const transport = request.method === 'GET' ? nodeHttpTransport : postTransport;
    const url = new URL(request.url);
    return withRetries(
      operation,
      policy,
      rule,
      () =>
        signedCall(
          credentials,
          transport,
          { method: request.method, url, body: request.body, timeoutMs, signal },
          parse,
        ),
      signal,
    );
  }

  return {
    async createPaymentRequest(body, callOptions) {
      const request = {
        method: 'POST',
        url: `${paymentsBaseUrl}/requests`,
        body: paymentRequestBody(body),
      } as const;
      const answer = await call(
        'createPaymentRequest',
        retryUnsent,
        request,
        (json) => validate(paymentRequestResponseSchema, json),
        callOptions,
      );
      return answer.data;
    },

    async listBalances(callOptions) {
      const request = {
        method: 'POST',
        url: `${baseUrl}/accounts/list`,
        body: EMPTY_BODY,
      } as const;
      const answer = await call(
        'listBalances',
        retryRead,
        request,
        (json) => validate(balancesResponseSchema, json),
        callOptions,
      );
      return answer.data;
    },

    async listCurrencies(callOptions) {
      const request = {
        method: 'POST',
        url: `${baseUrl}/currencies/list`,
        body: EMPTY_BODY,
      } as const;
      const answer = await call(
        'listCurrencies',
        retryRead,
        request,
        (json) => validate(currenciesResponseSchema, json),
        callOptions,
      );
      return answer.data;
    },

    async createInvoice(body, callOptions) {
      const request = {
        method: 'POST',
        url: `${baseUrl}/invoices/create`,
        body: invoiceBody(body),
      } as const;
      const answer = await call(
        'createInvoice',
        retryUnsent,
        request,
        (json) => validate(invoiceResponseSchema, json),
        callOptions,
      );
      return answer.data;
    },

    async cancelInvoice(foreignId, callOptions) {
      // The spec's route ends in a slash; without it some servers redirect and drop the body.
      const url = `${baseUrl}/invoices/${invoicePathSegment(foreignId)}/cancel/`;
      await call(
        'cancelInvoice',
        retryUnsent,
        { method: 'POST', url, body: EMPTY_BODY },
        (json) => validate(cancelInvoiceResponseSchema, json),
        callOptions,
      );
    },

    async createWithdrawal(body, callOptions) {
      const request = {
        method: 'POST',
        url: `${baseUrl}/withdrawal/crypto`,
        body: withdrawalBody(body),
      } as const;
      const answer = await call(
        'createWithdrawal',
        retryUnsent,
        request,
        (json) => validate(withdrawalResponseSchema, json),
        callOptions,
      );
      return answer.data;
    },

    async getTransaction(query, callOptions) {
      const request = {
        method: 'GET',
        url: `${baseUrl}/transactions/info`,
        body: transactionInfoBody(query),
      } as const;
      return call(
        'getTransaction',
        retryRead,
        request,
        (json) => validate(transactionSchema, json),
        callOptions,
      );
    },

    async verifyCallback(rawBody, headers) {
      return verifyCallback(credentials, rawBody, headers);
    },
  };
}
