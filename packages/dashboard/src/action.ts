/**
 * The one way a page runs an action (redeliver, rotate, cancel, send…): one at a time, its
 * result as a line (the action's own words, or the proxy's refusal), and what to reload after.
 * A Lit reactive controller, so the page redraws when the action starts and ends.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { failureText } from './api.ts';
import { strings } from './strings.ts';
import { actionResult } from './ui.ts';

export interface ActionResult {
  ok: boolean;
  text: string;
}

export class Action implements ReactiveController {
  /** The last action's result line; undefined before the first. */
  result: ActionResult | undefined;
  /** An action is in flight: its buttons are disabled and a second one is not started. */
  busy = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** What to reload after an action succeeded (the page's lists). */
    private readonly after: () => void = () => {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /**
   * Runs `work` unless another action is in flight (then it is not run, and false is given).
   * `work` may give the line to show (a string; else "Done."); a failure shows the proxy's
   * sentence, after `prefix` when there is one (the event it was about).
   */
  async run(work: () => Promise<unknown>, prefix = ''): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.host.requestUpdate();
    try {
      const said = await work();
      const text = typeof said === 'string' && said ? said : strings.done;
      this.result = { ok: true, text: `${prefix}${text}` };
      this.after();
      return true;
    } catch (error) {
      this.result = { ok: false, text: `${prefix}${failureText(error)}` };
      return false;
    } finally {
      this.busy = false;
      this.host.requestUpdate();
    }
  }

  /** The result line, announced politely, red when the action failed. */
  view() {
    return actionResult(this.result);
  }

  /** Says why an action was not even started (a form the page itself refuses). */
  refuse(text: string): void {
    this.result = { ok: false, text };
    this.host.requestUpdate();
  }

  /** Forgets the last result (a new form opened). */
  clear(): void {
    this.result = undefined;
    this.host.requestUpdate();
  }
}
