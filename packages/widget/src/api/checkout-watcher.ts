/**
 * Follows one checkout until its status is final: through the proxy's event stream, checked
 * by a slow status read, and where the stream fails (or the read finds what it missed), by
 * polling with ETags and a growing delay (never sooner than a `Retry-After`), paused while the
 * page is hidden. A page shown again, or a connection back, is checked at once.
 */
import { statusRank } from '@crypto-pay/protocol/checkout-status';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { backoffDelay } from '../utilities/backoff.ts';
import { eventsUrl, getCheckout } from './checkout-reads.ts';
import {
  type Checkout,
  checkedCheckout,
  FINAL_STATUSES,
  heard,
  type ProxyError,
} from './proxy-api.ts';
import type { Timing } from './timing.ts';

/** The element the watcher works for: its waits are read at each use (see `Timing`). */
export type WatcherHost = ReactiveControllerHost & Element & { timing: Timing };

/** The flow the watcher reports to (its own members, private to its users). */
export interface WatcherListener {
  /** Every checkout the proxy reports, changed or not (the flow compares). */
  onCheckout(checkout: Checkout): void;
  /**
   * `trouble`: true after repeated failed checks or one left unanswered past
   * `Timing.troubleAfterMs`, false again once one succeeds. `leaving`: false when the page is
   * shown again from the browser's back/forward cache, as it was when it left: the customer came
   * back (Back from the payment page), so it is no longer on its way there.
   */
  set(changes: { trouble: boolean } | { leaving: false }): void;
}

/** How far along a status is (none reported yet: not at all). */
const rank = (status: Checkout['status'] | undefined) =>
  status === undefined ? -1 : statusRank(status);

/** Consecutive failed checks before the customer is told that the service is out of reach. */
const TROUBLE_AFTER = 2;

export class CheckoutWatcher implements ReactiveController {
  private proxy = '';
  private id = '';
  private etag: string | undefined;
  private active = false;
  private polling = false;
  private source: EventSource | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  /** Tells of trouble when the read in flight stays unanswered too long. */
  private troubleTimer: ReturnType<typeof setTimeout> | undefined;
  /** "Check now" came while a read was on its way: read again once it is back. */
  private checkAgain = false;
  /** What the listener was last told: in trouble, a read on its way is not waited for. */
  private troubled = false;
  private unchanged = 0;
  private failures = 0;
  /** The last status reported, so a read can tell what the stream missed. */
  private status: Checkout['status'] | undefined;

  constructor(
    private readonly host: WatcherHost,
    private readonly listener: WatcherListener,
  ) {
    host.addController(this);
  }

  /** Starts following `checkout` (replacing any other), unless its status is already final. */
  watch(proxy: string, checkout: Checkout): void {
    this.stop();
    this.proxy = proxy;
    this.id = checkout.id;
    if (FINAL_STATUSES.includes(checkout.status)) return;
    this.active = true;
    // An element off the page starts once it is back (hostConnected).
    if (this.host.isConnected) this.start();
  }

  /** Stops following: no stream, no timer, no request in flight. */
  stop(): void {
    this.active = false;
    this.pause();
    this.polling = false;
    this.etag = undefined;
    this.status = undefined;
    this.unchanged = 0;
    this.failures = 0;
    this.checkAgain = false;
  }

  /**
   * Asks the proxy now rather than at the next scheduled check; while a read is on its way, once
   * it is back (a customer's "Check now" is never dropped), or at once in trouble (it may hang).
   */
  checkNow(): void {
    if (!this.active) return;
    clearTimeout(this.timer);
    if (this.inFlight && !this.troubled) {
      this.checkAgain = true;
      return;
    }
    // While the customer reads that the status cannot be checked, a hanging read is given up.
    this.inFlight?.abort();
    this.inFlight = undefined;
    clearTimeout(this.troubleTimer);
    void this.poll();
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.recheck);
    addEventListener('pageshow', this.onPageShow);
    addEventListener('online', this.recheck);
    addEventListener('offline', this.recheck);
    if (this.active) this.start();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.recheck);
    removeEventListener('pageshow', this.onPageShow);
    removeEventListener('online', this.recheck);
    removeEventListener('offline', this.recheck);
    this.pause();
  }

  private start(): void {
    if (this.polling || typeof EventSource === 'undefined') {
      this.polling = true;
      this.schedule();
    } else {
      this.openStream();
    }
  }

  private pause(): void {
    this.source?.close();
    this.source = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.inFlight?.abort();
    this.inFlight = undefined;
    clearTimeout(this.troubleTimer);
  }

  private openStream(): void {
    const source = new EventSource(eventsUrl(this.proxy, this.id));
    this.source = source;
    this.schedule();
    source.onmessage = (event: MessageEvent<string>) => {
      heard(this.proxy, true);
      try {
        this.report(checkedCheckout(JSON.parse(event.data)));
        // The proxy is there: whatever reads failed, the customer is not out of reach.
        this.failures = 0;
        this.tell(false);
      } catch {
        // A malformed message is skipped; the next one (or polling) brings the status.
      }
    };
    source.onerror = () => {
      // Whatever broke the stream (a proxy without SSE, a dropped connection), polling with
      // backoff is the dependable way on; it keeps going until the status is final.
      source.close();
      if (this.source === source) this.fallBack();
    };
  }

  /** From the stream to polling, for good: it failed or missed a change. */
  private fallBack(): void {
    this.source?.close();
    this.source = undefined;
    if (!this.active) return;
    this.polling = true;
    this.checkNow();
  }

  /** The next check, no sooner than `notBeforeMs` (a wait the proxy asked for). */
  private schedule(notBeforeMs = 0): void {
    clearTimeout(this.timer);
    if (!this.active) return;
    const { polling } = this.host.timing;
    // After a failed read the open stream is no proof of a proxy: ask again with backoff.
    const backingOff = this.polling || this.failures > 0;
    const delay = backingOff ? backoffDelay(polling, this.unchanged) : polling.streamCheckMs;
    this.timer = setTimeout(() => void this.poll(), Math.max(delay, notBeforeMs));
  }

  private async poll(): Promise<void> {
    if (!this.active || this.inFlight) return;
    // A hidden page is not polled; the visibilitychange handler checks as soon as it returns.
    if (document.hidden && this.polling) return;
    const controller = new AbortController();
    this.inFlight = controller;
    const { requestTimeoutMs: timeoutMs, troubleAfterMs } = this.host.timing;
    // A proxy that is stopped (or a network that holds packets) answers nothing, not an error.
    this.troubleTimer = setTimeout(() => this.tell(true), troubleAfterMs);
    let notBeforeMs = 0;
    try {
      const { signal } = controller;
      const read = await getCheckout(this.proxy, this.id, { signal, timeoutMs }, this.etag);
      this.etag = read.etag;
      this.failures = 0;
      this.tell(false);
      if (read.checkout) {
        this.unchanged = 0;
        const { status } = read.checkout;
        // A read sent before the stream's latest message is older news, not a step back.
        const behind = this.source !== undefined && rank(status) < rank(this.status);
        if (!behind) {
          // A change the open stream did not bring: it is held somewhere, polling takes over.
          if (this.source && status !== this.status) this.fallBack();
          this.report(read.checkout);
        }
      } else {
        this.unchanged += 1;
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      notBeforeMs = ((error as ProxyError).retryAfter ?? 0) * 1000;
      this.unchanged += 1;
      this.failures += 1;
      if (this.failures >= TROUBLE_AFTER) this.tell(true);
    } finally {
      if (this.inFlight === controller) {
        this.inFlight = undefined;
        clearTimeout(this.troubleTimer);
      }
    }
    if (this.checkAgain) {
      this.checkAgain = false;
      void this.poll();
      return;
    }
    this.schedule(notBeforeMs);
  }

  private tell(inTrouble: boolean): void {
    this.troubled = inTrouble;
    this.listener.set({ trouble: inTrouble });
  }

  private report(checkout: Checkout): void {
    if (checkout.id !== this.id) return;
    this.status = checkout.status;
    if (FINAL_STATUSES.includes(checkout.status)) this.stop();
    this.listener.onCheckout(checkout);
  }

  /**
   * A page shown again (asleep, a phone's other app) may have missed a change, streaming or not;
   * so may one whose connection is back, and it need not wait out the backoff (up to 10 s) to show
   * a customer who paid meanwhile. A lost connection can leave the stream open and silent until
   * the next slow read (30 s): the read now fails at once, and the customer hears of the trouble
   * with the next one (2 s). A hidden page waits until it is shown.
   */
  private readonly recheck = (): void => {
    if (!document.hidden) this.checkNow();
  };

  /** Back from the page it went to: the back/forward cache shows the page as it left. */
  private readonly onPageShow = (event: PageTransitionEvent): void => {
    if (event.persisted) this.listener.set({ leaving: false });
  };
}
