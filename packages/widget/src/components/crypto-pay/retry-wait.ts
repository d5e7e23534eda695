/**
 * The wait the proxy asked for (`Retry-After`) before an error view's "Try again": the button
 * stays disabled and counts down each second, and the wait is said once, not every second.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ProxyError } from '../../api/proxy-api.ts';
import type { Translation } from '../../localize/translation.ts';
import { formatDuration } from '../../utilities/format.ts';

/** An error view's retry: the button (label, action, disabled) and what to say about the wait. */
export interface RetryAction {
  primary: [string, () => void, boolean];
  note: string;
}

export class RetryWait implements ReactiveController {
  /** The error being waited out: a new one starts a new wait, none ends it. */
  private error: unknown;
  /** When the wait ends, in `Date.now()` milliseconds (absolute, so it survives a reconnect). */
  private until = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /**
   * The retry for the error the view shows (none: any wait stops). Never retries by itself: a
   * create sent again could be a second payment attempt, so the customer decides.
   */
  action(error: unknown, t: Translation, retry: () => void): RetryAction {
    const asked = error instanceof ProxyError ? (error.retryAfter ?? 0) : 0;
    if (error !== this.error) {
      this.error = error;
      this.until = Date.now() + asked * 1000;
      this.tick();
    }
    const left = Math.ceil((this.until - Date.now()) / 1000);
    if (left <= 0) {
      return { primary: [t.retry, retry, false], note: asked ? t.retryReady : '' };
    }
    return {
      primary: [t.retryIn(formatDuration(left, t.$code, 'short')), retry, true],
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
    // Back in the page: show the time left now, not at the next whole second.
    if (this.error !== undefined) this.host.requestUpdate();
    this.tick();
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }

  /** Renders again at each whole second left, until the wait is over. */
  private tick(): void {
    clearTimeout(this.timer);
    const ms = this.until - Date.now();
    if (this.error === undefined || ms <= 0) return;
    this.timer = setTimeout(
      () => {
        this.host.requestUpdate();
        this.tick();
      },
      ms % 1000 || 1000,
    );
  }
}
