/**
 * Finds a checkout again to show it (the page's `checkout`, or the one this tab made before a
 * reload), and reads one that could not be read again by itself, ever less often.
 */
import { initialState, Task } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import { type Checkout, getCheckout, ProxyError } from '../../api/proxy-api.ts';
import type { Timing } from '../../api/timing.ts';
import { CryptoPayReadyEvent } from '../../events/ready.ts';
import { backoffDelay } from '../../utilities/backoff.ts';
import { forgetCheckoutId, loadCheckoutId } from '../../utilities/checkout-storage.ts';
import { canRetry } from './crypto-pay.views.ts';

/** What resuming reads from the element. */
export type CheckoutResumeHost = ReactiveControllerHost &
  HTMLElement & { proxy: string; timing: Timing };

/** What resuming asks of the flow. */
export interface ResumeCalls {
  /** The sessionStorage slot of the element's checkout. */
  storageKey(): string;
  /** Shows a checkout found again, and follows its status. */
  follow(proxy: string, checkout: Checkout): void;
  /** Tells the page about a failure, and hands the error back. */
  report(error: unknown): unknown;
}

export class CheckoutResume {
  /** The checkout being looked up, before it is known. */
  id: string | undefined;
  /** Whether `id` came from sessionStorage rather than from the page. */
  private stored = false;
  private rereadTimer: ReturnType<typeof setTimeout> | undefined;
  private rereads = 0;
  readonly task: Task<readonly [string, string | undefined], Checkout>;

  constructor(
    private readonly host: CheckoutResumeHost,
    private readonly calls: ResumeCalls,
  ) {
    this.task = new Task(host, {
      args: () => [host.proxy, this.id] as const,
      task: ([proxy, id], { signal }) => this.find(proxy, id, signal),
    });
  }

  /** Looks up the checkout the page names. */
  lookUp(id: string): void {
    this.stored = false;
    this.set(id);
  }

  /** Looks up the checkout this page made before a reload, if any. */
  lookUpStored(): void {
    if (!this.host.proxy) return;
    this.stored = true;
    this.set(loadCheckoutId(this.calls.storageKey()));
  }

  /** Looks up nothing, and reads nothing again later. */
  stop(): void {
    clearTimeout(this.rereadTimer);
    this.set(undefined);
  }

  private set(id: string | undefined): void {
    this.id = id;
    this.host.requestUpdate();
  }

  /**
   * Reads a checkout to show again; one this tab remembered but the proxy forgot is dropped. One
   * that cannot be read now is read again by itself, ever less often: the customer may have
   * paid already, and a return page should show it once the proxy answers.
   */
  private async find(proxy: string, id: string | undefined, signal: AbortSignal) {
    clearTimeout(this.rereadTimer);
    if (!proxy || !id) return initialState;
    let read: Awaited<ReturnType<typeof getCheckout>>;
    try {
      read = await getCheckout(proxy, id, { signal, timeoutMs: this.host.timing.requestTimeoutMs });
    } catch (error) {
      if (signal.aborted) throw error; // A newer read took over.
      const forgotten = error instanceof ProxyError && error.kind === 'not_found';
      if (!forgotten && canRetry(error)) this.rereadLater(proxy, id, error);
      if (!this.stored || !forgotten) throw this.calls.report(error);
      forgetCheckoutId(this.calls.storageKey());
      this.set(undefined);
      return initialState;
    }
    const { checkout } = read;
    if (!checkout) throw new ProxyError('invalid_response', 'invalid_response', 'No body.');
    this.rereads = 0;
    this.id = undefined;
    this.calls.follow(proxy, checkout);
    this.host.dispatchEvent(new CryptoPayReadyEvent({}));
    return checkout;
  }

  /**
   * Reads a checkout that could not be read again, quietly (the error view stays as it is, and
   * the page is not told again): `Timing.resumeRetry`, 5 s doubling to a minute, or later if the
   * proxy asked. Once it answers, the view follows.
   */
  private rereadLater(proxy: string, id: string, error: unknown): void {
    const { resumeRetry, requestTimeoutMs: timeoutMs } = this.host.timing;
    const asked = ((error as ProxyError).retryAfter ?? 0) * 1000;
    this.rereadTimer = setTimeout(
      () => {
        if (!this.host.isConnected) return;
        const signal = new AbortController().signal;
        getCheckout(proxy, id, { signal, timeoutMs }).then(
          () => void this.task.run(),
          (again) => {
            const gone = again instanceof ProxyError && again.kind === 'not_found';
            if (gone || !canRetry(again))
              void this.task.run(); // Show what it is now.
            else this.rereadLater(proxy, id, again);
          },
        );
      },
      Math.max(backoffDelay(resumeRetry, this.rereads++), asked),
    );
  }
}
