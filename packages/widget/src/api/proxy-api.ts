/**
 * The proxy's public API as the widget calls it: the configuration and a session's price, and
 * what every call shares (creating a checkout: `checkout-request.ts`; reading one:
 * `checkout-reads.ts`). Failures become a
 * `ProxyError` that says what kind of trouble it was (and how long the proxy asked to wait), so
 * each can get its own sentence and retry.
 */

import { CHECKOUT_STATUSES } from '@crypto-pay/protocol/checkout-status';
import type {
  Checkout,
  CheckoutRequest,
  CheckoutStatus,
  CurrencyRef,
  PaymentCurrency,
  ProxyErrorBody,
  SessionPrice,
  WidgetConfig,
} from '@crypto-pay/protocol/proxy-api';
import { retryAfterSeconds } from '@crypto-pay/protocol/retry-after';

// Which statuses are final is the protocol's (`checkout-status.ts`, no zod).
export { FINAL_CHECKOUT_STATUSES as FINAL_STATUSES } from '@crypto-pay/protocol/checkout-status';
// The answers' shapes are the proxy's contract, imported as types only: no bytes in the bundle.
export type {
  Checkout,
  CheckoutRequest,
  CheckoutStatus,
  CurrencyRef,
  PaymentCurrency,
  SessionPrice,
  WidgetConfig,
};

/**
 * What went wrong, from the customer's point of view. `misconfigured`: the shop's setup (a
 * proxy that refuses the page's origin, or an address where nothing ever answered).
 */
export type ProxyErrorKind =
  | 'misconfigured'
  | 'unreachable'
  | 'unavailable'
  | 'rate_limited'
  | 'not_found'
  | 'rejected'
  | 'invalid_response';

export class ProxyError extends Error {
  override readonly name = 'ProxyError';
  constructor(
    readonly kind: ProxyErrorKind,
    /** The proxy's machine code, or the widget's own for trouble before an answer. */
    readonly code: string,
    message: string,
    readonly status?: number,
    /** The field a validation error names, e.g. `sender_data.first_name`. */
    readonly field?: string,
    /** Seconds the proxy asked to wait before trying again (`Retry-After`), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

function kindOf(status: number): ProxyErrorKind {
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

export const url = (proxy: string, path: string) => `${proxy.replace(/\/+$/, '')}${path}`;

/** The caller's signal to cancel a request, and how long it may take (`Timing`). */
export interface CallOptions {
  signal: AbortSignal;
  timeoutMs: number;
  /** The configuration's second try (`fetchConfig`): no answer while online is the shop's. */
  lastConfigTry?: boolean;
}

/**
 * Whether the proxy at `address` answered this tab (anything at all); `now`: it just did. Kept
 * for the tab's session, a reload too: a later silence is the customer's network, not the shop's.
 */
export function heard(address: string, now?: boolean): boolean {
  try {
    const key = `crypto-pay:heard:${new URL(address, location.href).origin}`;
    if (now) sessionStorage.setItem(key, '1');
    return !!sessionStorage.getItem(key);
  } catch {
    return false; // No storage (a private mode, say): only this read's failure is judged.
  }
}

/** The shop's setup mistake: its developer reads the fix where they look first. */
function misconfigured(code: string, message: string, status?: number): ProxyError {
  console.error(`<crypto-pay>: ${message}`);
  return new ProxyError('misconfigured', code, message, status);
}

/**
 * `/api/config` requests started as the module ran, by address: each is taken by the first call
 * for it, so the configuration is on its way before the element's first render.
 */
const early = new Map<string, Promise<Response>>();

/** Starts the configuration's fetch of each `<crypto-pay>` already in `root`. */
export function prefetchConfigs(root: ParentNode): void {
  // A return page's element (`checkout`) shows its checkout and asks for no configuration.
  for (const element of root.querySelectorAll('crypto-pay[proxy]:not([checkout])')) {
    const address = url(element.getAttribute('proxy') ?? '', '/api/config');
    if (early.has(address)) continue;
    const started = fetch(address, { credentials: 'omit', cache: 'no-store' });
    started.catch(() => {}); // Its taker hears of a failure; one never taken is no error.
    early.set(address, started);
  }
}

/**
 * Drops the early fetches no element took in its first render (one showing a saved checkout, say):
 * a configuration asked for much later ("Start again") is fetched fresh, as `no-store` means.
 */
export function forgetEarlyConfigs(): void {
  early.clear();
}

/** One request and the reading of its answer, both within the timeout: a body can stall too. */
export async function call<T>(
  input: string,
  init: RequestInit & CallOptions,
  readAnswer: (response: Response) => Promise<T>,
  started?: Promise<Response>,
): Promise<T> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  init.signal.addEventListener('abort', abort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort();
  }, init.timeoutMs);
  const answered = (response: Response) => {
    heard(input, true);
    return readAnswer(response);
  };
  try {
    if (started) {
      // Started without this call's signal: its abort (or timeout) stops the waiting instead.
      const stopped = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason));
      });
      return await Promise.race([started.then(answered), stopped]);
    }
    const response = await fetch(input, {
      ...init,
      signal: controller.signal,
      credentials: 'omit',
      cache: 'no-store',
    });
    return await answered(response);
  } catch (error) {
    if (error instanceof ProxyError || init.signal.aborted) throw error;
    if (timedOut) {
      throw new ProxyError('unavailable', 'timeout', 'The proxy did not answer in time.');
    }
    if (init.lastConfigTry && navigator.onLine) {
      throw misconfigured(
        'proxy_unreachable',
        `${input} did not answer: check the proxy attribute, the page's CSP connect-src, and that the proxy runs and lists this origin in ALLOWED_ORIGINS.`,
      );
    }
    throw new ProxyError('unreachable', 'network_error', 'The proxy could not be reached.');
  } finally {
    clearTimeout(timer);
    init.signal.removeEventListener('abort', abort);
  }
}

async function readJson<T>(response: Response): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch (error) {
    // Cut off by the timeout (or the caller): `call` says which.
    if ((error as Error).name === 'AbortError') throw error;
    throw new ProxyError(
      'invalid_response',
      'invalid_response',
      'The proxy did not answer JSON.',
      response.status,
    );
  }
}

const STATUSES: readonly unknown[] = CHECKOUT_STATUSES;

/**
 * An http(s) address written out in full: nothing a link or a redirect could run as script. Not
 * the protocol's `isWebUrl`, which also parses it: the scheme is what matters here (a link that
 * does not parse runs nothing; an ending's address is a parsed one), and its module would bring
 * the rules' `isEmail` into the first paint with it, past the budget (BENCHMARKS.md,
 * "Hand-written paths").
 */
export const isWebAddress = (address: string) => /^https?:\/\/\S+$/i.test(address);

/**
 * A checkout as the proxy sent it, once it has what the element reads, and a payment link
 * that is a web address: the link becomes an `href` and a redirect on the shop's page, where a
 * `javascript:` one would run.
 */
export function checkedCheckout(value: unknown): Checkout {
  const checkout = value as Partial<Checkout> | null;
  if (
    typeof checkout?.id === 'string' &&
    STATUSES.includes(checkout.status) &&
    typeof checkout.amount === 'string' &&
    typeof checkout.currency?.iso === 'string' &&
    typeof checkout.expires_at === 'number' &&
    isWebAddress(checkout.payment_link ?? '')
  ) {
    return checkout as Checkout;
  }
  throw new ProxyError(
    'invalid_response',
    'invalid_response',
    'The proxy answered a malformed checkout.',
  );
}

async function failure(response: Response): Promise<ProxyError> {
  // Read field by field: a proxy in trouble (or a box in front of it) may answer anything.
  let body: { [field in keyof ProxyErrorBody]?: unknown } = {};
  try {
    body = await response.json();
  } catch {
    // A body that is not JSON still has a status worth reporting.
  }
  const message = typeof body.error === 'string' ? body.error : `HTTP ${response.status}`;
  const code = typeof body.code === 'string' ? body.code : `http_${response.status}`;
  // A refusal of the page's origin is the shop's setup, not the customer's request.
  if (code === 'origin_not_allowed') return misconfigured(code, message, response.status);
  const field = typeof body.field === 'string' ? body.field : undefined;
  const { headers } = response;
  const now = Date.parse(headers.get('date') ?? '') || Date.now();
  // An hour at most: no customer waits longer.
  const retryAfter = retryAfterSeconds(headers.get('retry-after'), now, 3600);
  return new ProxyError(kindOf(response.status), code, message, response.status, field, retryAfter);
}

/** The answer's JSON, or the proxy's refusal as a `ProxyError`. */
export async function answer(response: Response): Promise<unknown> {
  if (!response.ok) throw await failure(response);
  return readJson(response);
}

const read = <T>(proxy: string, path: string, options: CallOptions) =>
  call(url(proxy, path), options, answer) as Promise<T>;

/**
 * The configuration: the page's first call to its proxy, so where it fails tells the shop's
 * setup from the customer's connection (see `misconfigured`). No answer while online is weak
 * proof (a flaky phone): it is asked once more after a moment. (Offline it is the customer's at
 * once, "Check your connection" with "Try again": no `online` event to wait for.)
 */
export async function fetchConfig(proxy: string, options: CallOptions): Promise<WidgetConfig> {
  const address = url(proxy, '/api/config');
  const started = early.get(address);
  early.delete(address);
  try {
    return (await call(address, options, answer, started)) as WidgetConfig;
  } catch (error) {
    // Offline, or a proxy heard before: the customer's connection, no setup to judge.
    if ((error as ProxyError).code !== 'network_error' || !navigator.onLine || heard(address))
      throw error;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    options.signal.throwIfAborted();
    return call(address, { ...options, lastConfigTry: true }, answer) as Promise<WidgetConfig>;
  }
}

/** The price of a checkout session; looking does not use the session up. */
export const fetchSessionPrice = (
  proxy: string,
  token: string,
  options: CallOptions,
): Promise<SessionPrice> =>
  read<SessionPrice>(proxy, `/api/sessions/${encodeURIComponent(token)}`, options);

/** The proxy's answer for a session token that is unknown, already used or expired. */
export const isSessionInvalid = (error: unknown): boolean =>
  error instanceof ProxyError && error.code === 'session_invalid';
