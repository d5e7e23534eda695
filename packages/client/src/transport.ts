/**
 * Moves signed bytes to the service and the answer's bytes back, over `node:http(s)`. Node's
 * `fetch` refuses a body on GET, and `GET /transactions/info` needs one, so this path exists
 * on purpose. It also knows whether a failed request got as far as an open connection, which
 * is what decides if a create may be retried.
 */

import http from 'node:http';
import https from 'node:https';
import { ProcessingUnavailableError } from './errors.ts';

export interface WireRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  /** The exact bytes that were signed. */
  body: Uint8Array<ArrayBuffer>;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

export interface WireResponse {
  status: number;
  body: Uint8Array<ArrayBuffer>;
}

/** Sends one request; throws `ProcessingUnavailableError` (or the caller's abort reason). */
export type Transport = (request: WireRequest) => Promise<WireResponse>;

/** No answer of this API comes near this; a bigger one is not the service talking. */
const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** What the timer gives up with; one value for all calls, as an Error per call costs a stack trace. */
const TIMED_OUT = Symbol('timed out');

export function timeoutError(request: WireRequest, reached: boolean): ProcessingUnavailableError {
  return new ProcessingUnavailableError(
    `The processing service at ${request.url.origin} did not answer within ${request.timeoutMs} ms.`,
    { reason: 'timeout', mayHaveReachedService: reached },
  );
}

export function connectionError(
  request: WireRequest,
  reached: boolean,
  cause: unknown,
): ProcessingUnavailableError {
  const code = errorCode(cause);
  const detail = code ? ` (${code})` : '';
  const message = reached
    ? `The connection to the processing service at ${request.url.origin} broke before it answered${detail}.`
    : `Could not connect to the processing service at ${request.url.origin}${detail}.`;
  return new ProcessingUnavailableError(message, {
    reason: 'connection',
    mayHaveReachedService: reached,
    cause,
  });
}

/** The first `code` (`ECONNREFUSED`, `UND_ERR_SOCKET`, ...) along an error's cause chain. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return undefined;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string') return code;
    current = cause;
  }
  return undefined;
}

/** The transport over `node:http` / `node:https`, for every method. */
export const nodeHttpTransport: Transport = (request) =>
  new Promise<WireResponse>((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const send = request.url.protocol === 'https:' ? https.request : http.request;
    // Becomes true once a connection is open: from then on the bytes may have been read.
    let connected = false;
    let settled = false;

    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: unknown) =>
      settle(() => {
        if (error === TIMED_OUT) reject(timeoutError(request, connected));
        else if (signal?.aborted) reject(signal.reason);
        else if (error instanceof ProcessingUnavailableError) reject(error);
        else reject(connectionError(request, connected, error));
      });

    const outgoing = send(request.url, {
      method: request.method,
      headers: { ...request.headers, 'Content-Length': String(request.body.byteLength) },
    });
    // Settle first, then tear down: whatever error the teardown raises is ignored.
    const giveUp = (error: unknown) => {
      fail(error);
      outgoing.destroy();
    };
    const timer = setTimeout(() => giveUp(TIMED_OUT), request.timeoutMs);
    const onAbort = () => giveUp(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });

    outgoing.on('socket', (socket) => {
      // A kept-alive socket is already open; a new one opens (and, for TLS, shakes hands) first.
      if (!socket.connecting && !(socket as { pending?: boolean }).pending) connected = true;
      else
        socket.once(request.url.protocol === 'https:' ? 'secureConnect' : 'connect', () => {
          connected = true;
        });
    });
    outgoing.on('error', fail);
    outgoing.on('response', (incoming) => {
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > MAX_RESPONSE_BYTES) {
          giveUp(
            new ProcessingUnavailableError(
              `The processing service answered more than ${MAX_RESPONSE_BYTES} bytes.`,
              {
                reason: 'malformed_response',
                mayHaveReachedService: true,
                status: incoming.statusCode,
              },
            ),
          );
        } else chunks.push(chunk);
      });
      incoming.on('error', fail);
      incoming.on('close', () => {
        if (!incoming.complete) fail(new Error('The answer was cut off.'));
      });
      incoming.on('end', () =>
        settle(() =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: new Uint8Array(Buffer.concat(chunks)),
          }),
        ),
      );
    });
    outgoing.end(request.body);
  });
