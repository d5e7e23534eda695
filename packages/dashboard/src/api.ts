/**
 * The dashboard's one way to the proxy: the merchant API (`/admin/*`) on its own origin, with
 * the session cookie the browser keeps (`credentials: 'same-origin'`; the app never reads or
 * stores it). An answer of 401 tells the app the session is gone (`cp-signed-out`).
 */
import { strings } from './strings.ts';

/** A refused or failed call, in the proxy's error shape. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const SIGNED_OUT_EVENT = 'cp-signed-out';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body already written as JSON (an amount the spec wants as a JSON number, digits exact). */
  json?: string;
  /**
   * Ends the call: the caller's abort (a newer load) is thrown as it is; a timeout
   * (`AbortSignal.timeout`) is no answer in time, an `ApiFailure` with status 0 as when none came.
   */
  signal?: AbortSignal;
  /** A 401 is the caller's answer (the sign-in form), not the end of the session. */
  keepOn401?: boolean;
}

/**
 * How long a call waits for the proxy's answer: a proxy that took the connection and then
 * stopped answering (paused, overloaded) must not leave a page "Loading…" or an action busy for
 * good. A change waits longer, as the proxy may be waiting on the processing service (10 s by
 * default, `UPSTREAM_TIMEOUT_MS`); with none in time, it may have been done, as its sentence says.
 */
export const READ_TIMEOUT_MS = 10_000;
export const CHANGE_TIMEOUT_MS = 45_000;

/** Calls `path` (`/admin/…`) and gives its JSON answer, or throws an `ApiFailure`. */
export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const { method = 'GET' } = options;
  const limit = AbortSignal.timeout(method === 'GET' ? READ_TIMEOUT_MS : CHANGE_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, limit]) : limit;
  const noAnswer = () =>
    new ApiFailure(
      0,
      'network',
      method === 'GET' ? strings.api.unreachable : strings.api.noAnswerToChange,
    );
  const body =
    options.json ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body }),
      signal,
    });
  } catch (error) {
    if (signal.aborted && !timedOut(signal)) throw error;
    throw noAnswer();
  }
  if (response.status === 204) return undefined as T;
  const answer: unknown = await response.json().catch(() => undefined);
  // Its body not read in time: no answer either.
  if (timedOut(signal)) throw noAnswer();
  if (response.ok) return answer as T;
  const refusal = (answer ?? {}) as { error?: unknown; code?: unknown; field?: unknown };
  const failure = new ApiFailure(
    response.status,
    typeof refusal.code === 'string' ? refusal.code : `http_${response.status}`,
    typeof refusal.error === 'string' ? refusal.error : strings.api.answered(response.status),
    typeof refusal.field === 'string' ? refusal.field : undefined,
  );
  if (response.status === 401 && !options.keepOn401) {
    window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
  }
  throw failure;
}

/** Whether `signal` ended by a timeout (its reason a `TimeoutError`), not by its caller. */
const timedOut = (signal: AbortSignal) =>
  signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';

/** The message to show for a failure of any kind. */
export function failureText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
