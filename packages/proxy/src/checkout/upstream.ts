/**
 * The processing service as the proxy sees it (the `@crypto-pay/client` surface it uses), and
 * how its failures become the proxy's errors: timeouts 504, outages 502 (both retryable),
 * the service's own refusals passed through with their status, code and text.
 */

import {
  createProcessingClient,
  ProcessingApiError,
  type ProcessingClient,
  ProcessingUnavailableError,
  ProcessingValidationError,
  type RetryOptions,
} from '@crypto-pay/client';
import { errorForMessage, errors, type ProcessingError } from '@crypto-pay/protocol';
import { refusedCredentialsCheck } from '@crypto-pay/protocol/proxy-api';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, machineCode } from '../api-error.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { Config } from '../process/config.ts';

export type { ProcessingClient } from '@crypto-pay/client';

/**
 * The client of the processing service the configuration names, with its credentials. Someone
 * waits on every call, so `UPSTREAM_TIMEOUT_MS` bounds a call with its retries, not each try:
 * a slow service gets the caller a 504 at that time, not after three timeouts. With `metrics`,
 * each call is counted and timed by operation.
 */
export function processingClientOf(
  config: Config,
  retry?: RetryOptions,
  metrics?: Pick<Metrics, 'upstreamRequest'>,
): ProcessingClient {
  const client = createProcessingClient({
    apiKey: config.apiKey,
    signingSecret: config.signingSecret,
    baseUrl: config.baseUrl,
    paymentsBaseUrl: config.paymentsBaseUrl,
    timeoutMs: config.upstreamTimeoutMs,
    retry: { totalTimeoutMs: config.upstreamTimeoutMs, ...retry },
  });
  return metrics ? measuredClient(client, metrics) : client;
}

/**
 * How a call ended, as the `status` label: `2xx` when it succeeded, the service's HTTP status
 * when it refused the request (an `{error, code}` answer) or failed with a 5xx, its reason when
 * it answered nothing usable (`timeout`, `connection`, `malformed_response`: a 200 with a body
 * off the spec or a firewall's HTML page is no success and no refusal), `invalid` when the
 * client refused the input before sending it, `error` for anything else.
 */
export function upstreamStatusOf(error: unknown): string {
  if (error instanceof ProcessingApiError) return String(error.status);
  if (error instanceof ProcessingUnavailableError) {
    return error.reason === 'server_error' && error.status !== undefined
      ? String(error.status)
      : error.reason;
  }
  if (error instanceof ProcessingValidationError) return 'invalid';
  return 'error';
}

/**
 * `client` with each call counted and timed (`crypto_pay_upstream_*`), once per call. Every
 * method but `verifyCallback` (local, no call) calls the service; its name is the `operation`.
 */
function measuredClient(
  client: ProcessingClient,
  metrics: Pick<Metrics, 'upstreamRequest'>,
): ProcessingClient {
  const measured: Record<string, unknown> = { ...client };
  for (const [operation, call] of Object.entries(client)) {
    if (operation === 'verifyCallback' || typeof call !== 'function') continue;
    measured[operation] = async (...args: unknown[]) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const answer = await call.apply(client, args);
        metrics.upstreamRequest(operation, '2xx', seconds());
        return answer;
      } catch (error) {
        metrics.upstreamRequest(operation, upstreamStatusOf(error), seconds());
        throw error;
      }
    };
  }
  return measured as unknown as ProcessingClient;
}

const RETRY_AFTER_SECONDS = '5';

/**
 * What the log says of a failed call to the service, for the on-call engineer to act on: how
 * it failed (`timeout`, `connection`, `server_error`, `malformed_response`, or the service's
 * refusal with its code and what to check) and the client's sentence, which names the service's
 * origin, its status or the socket's error code, never the request.
 */
export function upstreamFailureLogged(error: unknown): Record<string, unknown> {
  if (error instanceof ProcessingUnavailableError) {
    return {
      upstream_reason: error.reason,
      ...(error.status === undefined ? {} : { upstream_status: error.status }),
      upstream_error: error.message,
    };
  }
  if (error instanceof ProcessingApiError) {
    return {
      upstream_status: error.status,
      upstream_code: error.code,
      upstream_error: error.message,
      ...(error.status === 403 ? { fix: refusedCredentialsCheck(error.code) } : {}),
    };
  }
  return { upstream_error: error instanceof Error ? error.message : String(error) };
}

/** A failure of the service itself (not of the caller's request). */
function unavailable(error: ProcessingUnavailableError): ApiError {
  const options = {
    headers: { 'Retry-After': RETRY_AFTER_SECONDS },
    logged: upstreamFailureLogged(error),
  };
  return error.reason === 'timeout'
    ? new ApiError(
        504,
        'upstream_timeout',
        'The processing service did not answer in time. Try again.',
        options,
      )
    : new ApiError(
        502,
        'upstream_unavailable',
        'The processing service is unavailable. Try again.',
        options,
      );
}

/** The client refused the input before sending it: the caller's mistake, with its field. */
function invalidInput(error: ProcessingValidationError, code: string | number): ApiError {
  const status = (
    error.status >= 400 && error.status < 500 ? error.status : 422
  ) as ContentfulStatusCode;
  return new ApiError(status, code, error.message, { field: error.field || undefined });
}

/** What a create sent that tells apart the service's one text for two fields. */
export interface SentCurrencies {
  payment_currency?: { network_name?: string | undefined } | undefined;
}

/**
 * The catalogue entry of a service text. The service answers "The combination of currency and
 * network is not supported." for the price's currency and the payment currency alike; with a
 * payment network in the request it is taken as the payment currency's, which the customer
 * chose (the price's is the merchant's, checked when it was set).
 */
export function refusalOf(message: string, sent?: SentCurrencies): ProcessingError {
  const entry = errorForMessage(message);
  return entry.name === errors.currencyNetworkUnsupported.name &&
    sent?.payment_currency?.network_name !== undefined
    ? errors.paymentCurrencyNetworkUnsupported
    : entry;
}

/**
 * The service refused the proxy's own credentials (any of its 403s: a key, a signature, an API
 * version, an account it disabled): the merchant's setup, never the caller's permission, so a
 * 502 whose log names the service's code and text and the variable to check. `sentence` is what
 * the caller reads. The service's texts are fixed sentences, never the secret. The service's
 * code is answered to the merchant's own callers only (`answerCode`): a customer's browser gets
 * no detail of the merchant's account.
 */
function credentialsRefused(
  error: ProcessingApiError,
  sentence: string,
  answerCode: boolean,
): ApiError {
  return new ApiError(502, 'upstream_refused', sentence, {
    upstreamCode: answerCode ? error.code : undefined,
    logged: upstreamFailureLogged(error),
  });
}

/**
 * For the merchant API: the service's status, code and text exactly as it answered, but for a
 * refusal of the proxy's credentials, which would read as the caller's token lacking a right:
 * that is 502 `upstream_refused` saying what to check, with the service's code as `upstream_code`.
 * Anything else that is not an availability failure is rethrown.
 */
export function passThrough(error: unknown): never {
  if (error instanceof ProcessingApiError) {
    if (error.status === 403) {
      throw credentialsRefused(
        error,
        `The processing service refused the proxy's credentials ("${error.message}", ${error.code}): ${refusedCredentialsCheck(error.code)} on the proxy.`,
        true,
      );
    }
    throw new ApiError(error.status as ContentfulStatusCode, error.code, error.message);
  }
  if (error instanceof ProcessingValidationError) throw invalidInput(error, error.code);
  if (error instanceof ProcessingUnavailableError) throw unavailable(error);
  throw error;
}

/**
 * For the widget's API: the service's validation texts pass through with a machine code;
 * a refusal of the proxy's own credentials (403) is the merchant's setup, not the caller's,
 * so the caller sees 502 without the service's code and the log says what to check. A 404 of
 * the public API means only an unknown checkout, so the service's 404s (an unknown currency)
 * become 422.
 */
export function forCustomer(error: unknown, sent?: SentCurrencies): never {
  if (error instanceof ProcessingApiError) {
    if (error.status === 403) {
      throw credentialsRefused(
        error,
        'The processing service refused the merchant configuration.',
        false,
      );
    }
    // The service names no field; the catalogue knows which one its text concerns.
    const entry = refusalOf(error.message, sent);
    throw new ApiError(
      (error.status === 404 ? 422 : error.status) as ContentfulStatusCode,
      machineCode(entry),
      error.message,
      { field: entry.field },
    );
  }
  if (error instanceof ProcessingValidationError) {
    throw invalidInput(error, machineCode(refusalOf(error.message, sent)));
  }
  if (error instanceof ProcessingUnavailableError) throw unavailable(error);
  throw error;
}
