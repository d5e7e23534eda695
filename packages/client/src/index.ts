/** @crypto-pay/client: the typed server-side client of the processing API. Holds the secret. */

export type { CallbackHeaders, RawBody } from './callbacks.ts';
export {
  baseAddressProblem,
  type CallOptions,
  createProcessingClient,
  type ProcessingClient,
  type ProcessingClientOptions,
} from './client.ts';
export {
  type CallbackRejection,
  CallbackVerificationError,
  ProcessingApiError,
  type ProcessingErrorBody,
  ProcessingUnavailableError,
  ProcessingValidationError,
  type UnavailableReason,
} from './errors.ts';
export type { RetryEvent, RetryOptions } from './retry.ts';
