/**
 * The errors a caller of the client can catch, one class per thing that went wrong: the input
 * was invalid, the service said no, the service could not be reached (or answered nonsense),
 * or a callback did not prove it came from the service. No message ever carries the secret.
 */

import type { ProcessingErrorBody } from '@crypto-pay/protocol';

/** The input was rejected before anything was sent: the request never reached the network. */
export class ProcessingValidationError extends Error {
  override readonly name = 'ProcessingValidationError';
  /** Dotted path of the offending field, e.g. `sender_data.first_name`; empty for the body. */
  readonly field: string;
  /** The HTTP status the service would answer for this mistake (mostly 422). */
  readonly status: number;
  /** The `code` the service would answer with. */
  readonly code: number | string;

  constructor(message: string, details: { field: string; status: number; code: number | string }) {
    super(message);
    this.field = details.field;
    this.status = details.status;
    this.code = details.code;
  }
}

/** The body of a service error response (the protocol's schema). */
export type { ProcessingErrorBody };

/** The service answered a 4xx with its error body: it understood the request and refused it. */
export class ProcessingApiError extends Error {
  override readonly name = 'ProcessingApiError';
  readonly status: number;
  /** The body's `code`: the status as an integer, or a string such as `bad_header_signature`. */
  readonly code: number | string;
  /** The body exactly as the service sent it (parsed). */
  readonly body: ProcessingErrorBody;

  /** `message` is the service's own `error` text. */
  constructor(status: number, body: ProcessingErrorBody) {
    super(body.error);
    this.status = status;
    this.code = body.code;
    this.body = body;
  }
}

export type UnavailableReason = 'timeout' | 'connection' | 'server_error' | 'malformed_response';

/**
 * The service could not give an answer the client can use: it was unreachable, too slow,
 * failed with a 5xx, or answered something that does not match the spec.
 * `mayHaveReachedService` tells whether the request may have been acted upon: when it is true,
 * a create may have happened and must be checked (e.g. by `foreign_id`) before it is repeated.
 */
export class ProcessingUnavailableError extends Error {
  override readonly name = 'ProcessingUnavailableError';
  readonly reason: UnavailableReason;
  /** The HTTP status, when the service answered at all. */
  readonly status?: number;
  readonly mayHaveReachedService: boolean;

  constructor(
    message: string,
    details: {
      reason: UnavailableReason;
      mayHaveReachedService: boolean;
      status?: number | undefined;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.reason = details.reason;
    this.mayHaveReachedService = details.mayHaveReachedService;
    if (details.status !== undefined) this.status = details.status;
  }
}

export type CallbackRejection =
  | 'missing_key'
  | 'bad_key'
  | 'missing_signature'
  | 'bad_signature'
  | 'malformed_body'
  | 'unknown_shape';

/** A callback failed verification: answer it with 4xx and do not act on it. */
export class CallbackVerificationError extends Error {
  override readonly name = 'CallbackVerificationError';
  readonly reason: CallbackRejection;

  constructor(reason: CallbackRejection, message: string) {
    super(message);
    this.reason = reason;
  }
}
