/**
 * The checkout watcher in its own chunk (with what else follows a checkout:
 * `checkout-following.ts`), fetched when the first checkout is to be followed: the form's first
 * paint does not need it. The same calls as the watcher, and the chunk's other parts once it is
 * there. A chunk that cannot be fetched shows as trouble ("we keep trying") and is fetched again
 * (`Timing.watcherRetry`: 2 s doubling to 30 s), or at once on "Check now".
 */

import { backoffDelay } from '../utilities/backoff.ts';
import type { CheckoutWatcher, WatcherHost, WatcherListener } from './checkout-watcher.ts';
import { loadPart } from './parts.ts';
import type { Checkout } from './proxy-api.ts';

export class LazyWatcher<Part extends { CheckoutWatcher: typeof CheckoutWatcher }> {
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
    /** The chunk's `import()`, written where the build sees it. */
    private readonly importPart: () => Promise<Part>,
  ) {}

  watch(proxy: string, checkout: Checkout): void {
    this.wanted = [proxy, checkout];
    if (this.watcher) this.watcher.watch(proxy, checkout);
    else this.load();
  }

  /** Runs `use` with the chunk: now if it is there, else once it is (in the order asked). */
  withPart(use: (part: Part) => void): void {
    if (this.part) use(this.part);
    else {
      this.waiting.push(use);
      this.load();
    }
  }

  /** Fetches the chunk ahead (while a create is on its way), so following starts at once. */
  prefetch(): void {
    if (!this.watcher) this.load();
  }

  stop(): void {
    this.wanted = undefined;
    clearTimeout(this.retry);
    this.watcher?.stop();
  }

  checkNow(): void {
    if (this.watcher) this.watcher.checkNow();
    else this.load();
  }

  /** One fetch at a time; what is wanted by the time it is there gets followed. */
  private load(): void {
    clearTimeout(this.retry);
    this.loading ??= loadPart(this.host, this.importPart()).then(
      (part) => {
        this.part = part;
        this.watcher = new part.CheckoutWatcher(this.host, this.listener);
        if (this.failures > 0) this.listener.trouble(false);
        for (const use of this.waiting.splice(0)) use(part);
        if (this.wanted) this.watcher.watch(...this.wanted);
        // What the views take from the chunk (an ending's way back to the shop) shows now.
        this.host.requestUpdate();
      },
      () => {
        this.loading = undefined;
        if (!this.wanted) return;
        this.listener.trouble(true);
        const wait = backoffDelay(this.host.timing.watcherRetry, this.failures++);
        this.retry = setTimeout(() => this.load(), wait);
      },
    );
  }
}
