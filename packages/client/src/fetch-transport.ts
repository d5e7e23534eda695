/**
 * The transport over a caller-supplied `fetch` (a proxy-aware one, an instrumented one), used
 * for the POST operations. `fetch` cannot say whether a connection was opened, so failures
 * count as "may have reached the service" unless the error code proves otherwise.
 */

import { ProcessingUnavailableError } from './errors.ts';
import {
  connectionError,
  errorCode,
  type Transport,
  timeoutError,
  type WireResponse,
} from './transport.ts';

/** Error codes (Node's and undici's) raised before any byte of the request left this machine. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export function fetchTransport(fetchImpl: typeof fetch): Transport {
  return async (request): Promise<WireResponse> => {
    const { signal } = request;
    signal?.throwIfAborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, request.timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        // A redirect would turn the POST into a GET and drop the signed body.
        redirect: 'manual',
      });
      return { status: response.status, body: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      if (timedOut) throw timeoutError(request, true);
      if (signal?.aborted) throw signal.reason;
      if (error instanceof ProcessingUnavailableError) throw error;
      const code = errorCode(error);
      throw connectionError(request, code === undefined || !NOT_SENT_CODES.has(code), error);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}
