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

/** Any protocol schema. */
type Schema = Parameters<typeof validate>[0];

function requiredText(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new TypeError(`${name} must be a non-empty string.`);
  }
  return value;
}

/**
 * What is wrong with `text` as a base address of the API's `version` (`v2` for `{base_url}`,
 * `v1` for `{payments_base_url}`), in words that follow its name; undefined when nothing is.
 * Paths are appended to it as the spec writes them, so it takes no `?` or `#`, not even an empty
 * one (`…/v2?` would send every call to `…/v2?/currencies/list`), and its path ends in the
 * version: a base without it, or the two swapped, would sign every call for addresses the
 * service answers 404. The proxy checks its variables with this too.
 */
export function baseAddressProblem(text: string, version: 'v1' | 'v2'): string | undefined {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return 'must be an http(s) URL';
  }
  if (/[?#]/.test(text)) return 'must have no query (?…) or fragment (#…)';
  if (!url.pathname.replace(/\/+$/, '').endsWith(`/${version}`)) return `must end in /${version}`;
  return undefined;
}

/** A base address without its trailing slashes (`baseAddressProblem` says what it must be). */
function baseAddress(name: string, value: unknown, version: 'v1' | 'v2', example: string): string {
  const text = requiredText(name, value);
  const problem = baseAddressProblem(text, version);
  if (problem !== undefined) {
    const hint = problem.startsWith('must end') ? `, e.g. ${example}` : '';
    throw new TypeError(`${name} ${problem}${hint}.`);
  }
  return new URL(text).href.replace(/\/+$/, '');
}

export function createProcessingClient(options: ProcessingClientOptions): ProcessingClient {
  const credentials: Credentials = {
    apiKey: requiredText('apiKey', options.apiKey),
    signingSecret: requiredText('signingSecret', options.signingSecret),
  };
  const baseUrl = baseAddress(
    'baseUrl',
    options.baseUrl,
    'v2',
    'https://app.cryptoprocessing.com/api/v2',
  );
  const paymentsBaseUrl = baseAddress(
    'paymentsBaseUrl',
    options.paymentsBaseUrl,
    'v1',
    'https://app.cryptoprocessing.com/api/payments/v1',
  );
  const timeoutMs = options.timeoutMs ?? 10_000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new TypeError('timeoutMs must be a positive number of milliseconds.');
  }
  const policy = retryPolicy(options.retry);
  // fetch cannot send a GET body, so GET always takes node:http.
  const postTransport: Transport = options.fetch
    ? fetchTransport(options.fetch)
    : nodeHttpTransport;

  /** One operation: its body is already checked; sign, send, retry by `rule`, parse by `schema`. */
  function call<S extends Schema>(
    operation: string,
    rule: RetryRule,
    request: { method: 'GET' | 'POST'; url: string; body: string; schema: S },
    { signal }: CallOptions = {},
  ) {
    const transport = request.method === 'GET' ? nodeHttpTransport : postTransport;
    const signed = { ...request, url: new URL(request.url), timeoutMs, signal };
    const parse = (json: unknown) => validate(request.schema, json);
    return withRetries(
      operation,
      policy,
      rule,
      (timeLeftMs) =>
        signedCall(
          credentials,
          transport,
          // Whole milliseconds: the timeout's message names them.
          { ...signed, timeoutMs: Math.max(1, Math.min(timeoutMs, Math.ceil(timeLeftMs))) },
          parse,
        ),
      signal,
    );
  }

  return {
    async createPaymentRequest(body, options) {
      const url = `${paymentsBaseUrl}/requests`;
      const schema = paymentRequestResponseSchema;
      const request = { method: 'POST', url, body: paymentRequestBody(body), schema } as const;
      return (await call('createPaymentRequest', retryUnsent, request, options)).data;
    },

    async listBalances(options) {
      const url = `${baseUrl}/accounts/list`;
      const request = {
        method: 'POST',
        url,
        body: EMPTY_BODY,
        schema: balancesResponseSchema,
      } as const;
      return (await call('listBalances', retryRead, request, options)).data;
    },

    async listCurrencies(options) {
      const url = `${baseUrl}/currencies/list`;
      const request = {
        method: 'POST',
        url,
        body: EMPTY_BODY,
        schema: currenciesResponseSchema,
      } as const;
      return (await call('listCurrencies', retryRead, request, options)).data;
    },

    async createInvoice(body, options) {
      const url = `${baseUrl}/invoices/create`;
      const request = {
        method: 'POST',
        url,
        body: invoiceBody(body),
        schema: invoiceResponseSchema,
      } as const;
      return (await call('createInvoice', retryUnsent, request, options)).data;
    },

    async cancelInvoice(foreignId, options) {
      // The spec's route ends in a slash; without it some servers redirect and drop the body.
      const url = `${baseUrl}/invoices/${invoicePathSegment(foreignId)}/cancel/`;
      const schema = cancelInvoiceResponseSchema;
      await call(
        'cancelInvoice',
        retryUnsent,
        { method: 'POST', url, body: EMPTY_BODY, schema },
        options,
      );
    },

    async createWithdrawal(body, options) {
      const url = `${baseUrl}/withdrawal/crypto`;
      const schema = withdrawalResponseSchema;
      const request = { method: 'POST', url, body: withdrawalBody(body), schema } as const;
      return (await call('createWithdrawal', retryUnsent, request, options)).data;
    },

    async getTransaction(query, options) {
      const url = `${baseUrl}/transactions/info`;
      const request = {
        method: 'GET',
        url,
        body: transactionInfoBody(query),
        schema: transactionSchema,
      } as const;
      return call('getTransaction', retryRead, request, options);
    },

    async verifyCallback(rawBody, headers) {
      return verifyCallback(credentials, rawBody, headers);
    },
  };
}
