/**
 * The checkout watcher in its own chunk, fetched when the first checkout is to be followed:
 * the form's first paint does not need it. The same calls as the watcher; a chunk that cannot
 * be fetched shows as trouble ("Check now"), and the next check fetches it again.
 */
import type { ReactiveControllerHost } from 'lit';
import type { CheckoutWatcher, WatcherListener } from './checkout-watcher.ts';
import type { Checkout } from './proxy-api.ts';

export class LazyWatcher {
  private watcher: CheckoutWatcher | undefined;
  private loading: Promise<CheckoutWatcher> | undefined;
  /** What to follow once the watcher is there; nothing after `stop()`. */
  private wanted: [proxy: string, checkout: Checkout] | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly listener: WatcherListener,
  ) {}

  watch(proxy: string, checkout: Checkout): void {
    this.wanted = [proxy, checkout];
    if (this.watcher) this.watcher.watch(proxy, checkout);
    else this.load();
  }

  /** Fetches the chunk ahead (while a create is on its way), so following starts at once. */
  prefetch(): void {
    if (!this.watcher) this.load();
  }

  stop(): void {
    this.wanted = undefined;
    this.watcher?.stop();
  }

  checkNow(): void {
    if (this.watcher) this.watcher.checkNow();
    else this.load();
  }

  private load(): void {
    this.loading ??= import('./checkout-watcher.ts').then(({ CheckoutWatcher }) => {
      this.watcher = new CheckoutWatcher(this.host, this.listener);
      return this.watcher;
    });
    this.loading.then(
      (watcher) => {
        if (this.wanted) watcher.watch(...this.wanted);
      },
      () => {
        this.loading = undefined;
        if (this.wanted) this.listener.trouble(true);
      },
    );
  }
}
