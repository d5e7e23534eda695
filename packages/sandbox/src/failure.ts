/** Errors as values the pipeline throws and one `onError` turns into the JSON error body. */

import { errorBody, type ProcessingError } from '@crypto-pay/protocol';
import type { Context } from 'hono';
import type { SandboxEnv } from './env.ts';

/** Thrown anywhere in a request's pipeline; answered as `{error, code}` with its status. */
export class ProcessingFailure extends Error {
  readonly error: ProcessingError;

  constructor(error: ProcessingError) {
    super(error.message);
    this.error = error;
  }
}

/** Throws the catalogue entry: the request stops here. */
export function fail(error: ProcessingError): never {
  throw new ProcessingFailure(error);
}

/** A control-API or page error: `{error, code}` with a string code. */
export class ControlFailure extends Error {
  readonly status: 400 | 403 | 404 | 409 | 415 | 421 | 422 | 503;
  readonly code: string;

  constructor(status: ControlFailure['status'], code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * The app's error handler: catalogue errors as the spec's body, anything else as a JSON 500.
 * A client that closed its connection mid-body (its body's stream fails as "aborted") hears
 * nothing: that is no fault of the sandbox's to log.
 */
export function answerError(error: Error, c: Context<SandboxEnv>): Response {
  if (error instanceof ProcessingFailure) {
    return c.json(errorBody(error.error), error.error.status);
  }
  if (error instanceof ControlFailure) {
    return c.json({ error: error.message, code: error.code }, error.status);
  }
  if (c.env?.incoming?.socket?.destroyed) {
    // Nothing reaches the client; the response is only for Hono's bookkeeping.
    return new Response(null, { status: 499 });
  }
  console.error('crypto-pay-sandbox: unexpected error', error);
  return c.json({ error: 'The sandbox failed unexpectedly.', code: 500 }, 500);
}
