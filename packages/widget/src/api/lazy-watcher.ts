/**
 * The checkout watcher in its own chunk (with what else follows a checkout:
 * `checkout-following.ts`), fetched when the first checkout is to be followed: the form's first
 * paint does not need it. The same calls as the watcher, and the chunk's other parts once it is
 * there. A chunk that cannot be fetched shows as trouble ("we can't check your payment right
 * now") and is fetched again (`Timing.watcherRetry`: 2 s doubling to 30 s), or at once on
 * "Check now".
 */

import type * as Following from '../components/crypto-pay/checkout-following.ts';
import { backoffDelay } from '../utilities/backoff.ts';
import type { CheckoutWatcher, WatcherHost, WatcherListener } from './checkout-watcher.ts';
import { loadPart } from './parts.ts';
import type { Checkout } from './proxy-api.ts';

/** What the chunk brings. */
type Part = typeof Following;

export class LazyWatcher {
  /** The chunk, once loaded. */
  part: Part | undefined;
  private watcher: CheckoutWatcher | undefined;
  private loading: Promise<unknown> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /** What to follow once the watcher is there; nothing after `stop()`. */
  private wanted: [proxy: string, checkout: Checkout] | undefined;
  /** What waits for the chunk, in the order asked. */
  private waiting: ((part: Part) => void)[] = [];

  constructor(
    private readonly host: WatcherHost,
    private readonly listener: WatcherListener,
  ) {}

  watch(proxy: string, checkout: Checkout): void {
    this.wanted = [proxy, checkout];
    if (this.watcher) this.watcher.watch(proxy, checkout);
    else this.prefetch();
  }

  /** Runs `use` with the chunk: now if it is there, else once it is (in the order asked). */
  withPart(use: (part: Part) => void): void {
    if (this.part) use(this.part);
    else {
      this.waiting.push(use);
      this.prefetch();
    }
  }

  stop(): void {
    this.wanted = undefined;
    clearTimeout(this.retry);
    this.watcher?.stop();
  }

  checkNow(): void {
    if (this.watcher) this.watcher.checkNow();
    else this.prefetch();
  }

  /**
   * Fetches the chunk, ahead too (while a create is on its way, so following starts at once):
   * one fetch at a time, nothing once it is there; what is wanted by then gets followed.
   */
  prefetch(): void {
    clearTimeout(this.retry);
    this.loading ??= loadPart(
      this.host,
      import('../components/crypto-pay/checkout-following.ts'),
    ).then(
      (part) => {
        this.part = part;
        this.watcher = new part.CheckoutWatcher(this.host, this.listener);
        // Out of any trouble its failed fetches showed (none else can have been heard yet).
        this.listener.set({ trouble: false });
        for (const use of this.waiting.splice(0)) use(part);
        if (this.wanted) this.watcher.watch(...this.wanted);
        // What the views take from the chunk (an ending's way back to the shop) shows now.
        this.host.requestUpdate();
      },
      () => {
        this.loading = undefined;
        if (!this.wanted) return;
        this.listener.set({ trouble: true });
        const wait = backoffDelay(this.host.timing.watcherRetry, this.failures++);
        this.retry = setTimeout(() => this.prefetch(), wait);
      },
    );
  }
}
