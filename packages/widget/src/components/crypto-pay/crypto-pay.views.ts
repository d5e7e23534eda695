/**
 * Which view `<crypto-pay>` shows for its state, and the heading and sentence of each: one
 * pure mapping, so every state has a view and none is a dead end.
 */
import { TaskStatus } from '@lit/task';
import type { Checkout } from '../../api/proxy-api.ts';
import { isSessionInvalid, ProxyError } from '../../api/proxy-api.ts';
import type { EarlyTranslation, FirstMessages } from '../../localize/translation.ts';

export type View =
  | 'misconfigured'
  | 'amount-refused'
  | 'loading'
  | 'config-error'
  | 'details'
  | 'create-error'
  | 'checking'
  | 'resume-error'
  | 'pay'
  | 'redirect'
  | 'paid'
  | 'failed'
  | 'expired'
  | 'elsewhere';

export interface ViewState {
  proxy: string;
  /** The element names a price: a product, a session, or an amount and currency. */
  priced: boolean;
  /**
   * Why the proxy's rules, once loaded, refuse the open amount: `format` (not a decimal in its
   * places), `range` (outside its bounds) or `setup` (a currency it takes no open amount in).
   */
  amountRefused: 'format' | 'range' | 'setup' | undefined;
  checkout: Checkout | undefined;
  mode: string;
  leaving: boolean;
  /** Another tab, the one that started the checkout, shows its result. */
  elsewhere: boolean;
  resumeStatus: TaskStatus | undefined;
  configStatus: TaskStatus;
  createError: unknown;
}

export function viewOf(state: ViewState): View {
  if (!state.proxy) return 'misconfigured';
  if (state.elsewhere) return 'elsewhere';
  const { checkout } = state;
  if (checkout) {
    if (
      checkout.status === 'paid' ||
      checkout.status === 'failed' ||
      checkout.status === 'expired'
    ) {
      return checkout.status;
    }
    return state.mode === 'redirect' && state.leaving ? 'redirect' : 'pay';
  }
  if (state.resumeStatus !== undefined) {
    return state.resumeStatus === TaskStatus.ERROR ? 'resume-error' : 'checking';
  }
  // Without a price (or with an open amount the proxy refuses) every submit would be refused:
  // no form to fill in for nothing.
  if (!state.priced || state.amountRefused === 'setup') return 'misconfigured';
  if (state.amountRefused) return 'amount-refused';
  if (state.createError) return 'create-error';
  if (state.configStatus === TaskStatus.ERROR) return 'config-error';
  return state.configStatus === TaskStatus.COMPLETE ? 'details' : 'loading';
}

export function headingOf(view: View, t: EarlyTranslation): string {
  switch (view) {
    case 'loading':
    case 'details':
      return t.detailsHeading;
    case 'checking':
    case 'pay':
      return t.payHeading;
    // How a checkout ended is in the first paint; the other views after the pay step show once
    // English's later messages are there (the element waits for them), as "Pay" if they fail.
    case 'paid':
      return t.successHeading;
    case 'failed':
      return t.failedHeading;
    case 'expired':
      return t.expiredHeading;
    case 'redirect':
      return t.redirectHeading ?? t.payHeading;
    case 'elsewhere':
      return t.elsewhereHeading ?? t.payHeading;
    case 'amount-refused':
      return t.amountHeading;
    default:
      return t.errorHeading;
  }
}

/** The one sentence that tells the customer what went wrong. */
export function errorSentence(error: unknown, t: FirstMessages): string {
  if (isSessionInvalid(error)) return t.errorSessionInvalid;
  // Not the proxy's (a part of the widget that did not load): no connection to check.
  const kind = error instanceof ProxyError ? error.kind : 'unavailable';
  switch (kind) {
    case 'misconfigured':
      return t.errorMisconfigured;
    case 'unreachable':
      return t.errorUnreachable;
    case 'rate_limited':
      return t.errorRateLimited;
    case 'not_found':
      return t.errorNotFound;
    case 'rejected':
      return t.errorRejected;
    default:
      return t.errorUnavailable;
  }
}

/**
 * Whether "Try again" can help: not after a refusal (a 4xx other than 404/429, or of the page's
 * origin), which the same request would meet again, and a used session cannot come back; unless
 * the proxy asked to wait and retry (`Retry-After`, as for a key still in progress).
 */
export function canRetry(error: unknown): boolean {
  if (isSessionInvalid(error)) return false;
  const refused =
    error instanceof ProxyError &&
    (error.kind === 'rejected' || error.code === 'origin_not_allowed');
  return !refused || error.retryAfter !== undefined;
}

/**
 * The proxy's own explanation, worth showing under a refusal (a 4xx other than 404/429) that
 * has no sentence of its own.
 */
export function errorDetail(error: unknown): string {
  return error instanceof ProxyError && error.kind === 'rejected' && !isSessionInvalid(error)
    ? error.message
    : '';
}
