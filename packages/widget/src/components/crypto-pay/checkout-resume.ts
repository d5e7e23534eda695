/**
 * Finds a checkout again to show it (the page's `checkout`, or the one this tab made before a
 * reload). The reading itself (`checkout-resume-read.ts`) is a chunk: only a page with a
 * checkout to find fetches it, the first form's paint does not carry it.
 */
import { initialState, Task } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import { loadPart } from '../../api/parts.ts';
import type { Checkout } from '../../api/proxy-api.ts';
import type { Timing } from '../../api/timing.ts';
import { backoffDelay } from '../../utilities/backoff.ts';
import { loadCheckoutId } from '../../utilities/checkout-storage.ts';

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
  stored = false;
  rereadTimer: ReturnType<typeof setTimeout> | undefined;
  rereads = 0;
  readonly task: Task<readonly [string, string | undefined], Checkout>;

  constructor(
    readonly host: CheckoutResumeHost,
    readonly calls: ResumeCalls,
  ) {
    this.task = new Task(host, {
      args: () => [host.proxy, this.id] as const,
      task: async ([proxy, id], { signal }) => {
        clearTimeout(this.rereadTimer);
        if (!proxy || !id) return initialState;
        // The proxy serves the parts: one it could not serve (down as the page loaded) fails the
        // lookup as a read it could not answer does, and is asked again by itself as that read
        // would be, so a return page shows the payment once the proxy is back (inline: the
        // chunk's `lookUpLater` does the same, and a method here would pass the first paint's
        // 18 KiB).
        const { find } = await loadPart(host, import('./checkout-resume-read.ts')).catch(
          (error: unknown) => {
            this.rereadTimer = setTimeout(
              () => this.task.run(),
              backoffDelay(host.timing.resumeRetry, this.rereads++),
            );
            throw error;
          },
        );
        return find(this, proxy, id, signal);
      },
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

  set(id: string | undefined): void {
    this.id = id;
    this.host.requestUpdate();
  }
}
