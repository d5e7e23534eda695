/**
 * The wait the proxy asked for (`Retry-After`) before an error view's "Try again": the button
 * stays disabled and counts down each second, and the wait is said once, not every second. A
 * chunk (with `formatDuration`'s `Intl`), fetched by `view-content.ts` the first time a proxy asks
 * to wait: the first form does not need it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ProxyError } from '../../api/proxy-api.ts';
import type { FirstMessages } from '../../localize/translation.ts';
import { formatDuration } from '../../utilities/duration.ts';

/** An error view's retry: the button (label, action, disabled) and what to say about the wait. */
export interface RetryAction {
  primary: [string, () => void, boolean?];
  note?: string;
}

export class RetryWait implements ReactiveController {
  /** The error being waited out: a new one starts a new wait. */
  private error: unknown;
  /** When the wait ends, in `Date.now()` milliseconds (absolute, so it survives a reconnect). */
  private until = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /**
   * The retry for the error the view shows, rendering again at each whole second left. Never
   * retries by itself: a create sent again could be a second payment attempt, so the customer
   * decides.
   */
  action(error: unknown, t: FirstMessages, retry: () => void): RetryAction {
    const asked = (error as ProxyError | undefined)?.retryAfter ?? 0;
    if (error !== this.error) {
      this.error = error;
      this.until = Date.now() + asked * 1000;
    }
    clearTimeout(this.timer);
    const ms = this.until - Date.now();
    if (ms <= 0) return { primary: [t.retry, retry] };
    if (this.host.isConnected) {
      this.timer = setTimeout(() => this.host.requestUpdate(), ms % 1000 || 1000);
    }
    return {
      primary: [t.retryIn(formatDuration(Math.ceil(ms / 1000), t.$code, 'short')), retry, true],
      // From the asked wait, not the time left, so the live region does not change each second.
      note: t.retryWait(formatDuration(asked, t.$code, 'long')),
    };
  }

  /** Leaves the error views: no wait, no timer. */
  stop(): void {
    this.error = undefined;
    clearTimeout(this.timer);
  }

  hostConnected(): void {
    // Back in the page: show the time left now, and count on from there.
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }
}
