/**
 * The one way a page runs an action (redeliver, rotate, cancel, send…): one at a time, its
 * result as a line (the action's own words, or the proxy's refusal), and what to reload after.
 * A Lit reactive controller, so the page redraws when the action starts and ends.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import { failureText } from './api.ts';
import { strings } from './strings.ts';
import { actionResult } from './ui.ts';

export interface ActionResult {
  ok: boolean;
  text: string;
}

/** An action asked about (it cannot be undone, or it shuts someone out), waiting for a yes. */
interface Asked {
  question: string;
  /** The confirming button's word: what it does ("Cancel invoice"), never a bare "Yes". */
  confirm: string;
  work: () => Promise<unknown>;
  /** The button that asked: the focus goes back to it when the answer is to keep things. */
  opener: EventTarget | null;
}

export class Action implements ReactiveController {
  /** The last action's result line; undefined before the first. */
  result: ActionResult | undefined;
  /** An action is in flight: its buttons are disabled and a second one is not started. */
  busy = false;
  /** The action asked about, until it is confirmed or kept from. */
  private asked: Asked | undefined;
  /** The question's element: it gets the focus as it appears, so it is what is read first. */
  private readonly questionElement = createRef<HTMLElement>();
  /** The result line's box: the focus lands there once an action asked about is done. */
  private readonly resultElement = createRef<HTMLElement>();
  private questionArrived = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** What to reload after an action succeeded (the page's lists). */
    private readonly after: () => void = () => {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Once the page has drawn a question just asked, the focus goes to it. */
  hostUpdated(): void {
    if (!this.questionArrived) return;
    this.questionArrived = false;
    this.questionElement.value?.focus();
  }

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

  /**
   * Asks before an action that cannot be undone, or shuts someone out (cancelling an invoice,
   * deleting or disabling an endpoint, disabling an account):
   * `view()` shows `question` with a button that runs `work` and one that keeps things as they
   * are (or Escape). Nothing is sent until the first is pressed; then the focus goes to the
   * result line. Kept, it goes back to `opener` (the asking click's `currentTarget`).
   */
  ask(
    question: string,
    confirm: string,
    work: () => Promise<unknown>,
    opener: EventTarget | null,
  ): void {
    this.asked = { question, confirm, work, opener };
    this.questionArrived = true;
    this.result = undefined;
    this.host.requestUpdate();
  }

  /**
   * The question asked, if any, then the result line, announced politely, red on failure, and
   * `detail`, what the page shows with it (a secret just made): `focusResult` lands on both.
   */
  view(detail: unknown = nothing) {
    return html`${this.asked ? this.question(this.asked) : nothing}<div
        tabindex="-1"
        ${ref(this.resultElement)}
      >
        ${actionResult(this.result)}${detail}
      </div>`;
  }

  private question(asked: Asked) {
    const answer = (run: boolean) => async () => {
      this.asked = undefined;
      this.host.requestUpdate();
      if (run) await this.run(asked.work);
      await this.host.updateComplete;
      // Done, the line saying what happened (the row that asked may be going: a deleted
      // endpoint's); kept, the button that asked.
      if (run) this.focusResult();
      else (asked.opener as HTMLElement | null)?.focus();
    };
    const keep = answer(false);
    return html`<div
      class="notice"
      role="group"
      aria-labelledby="asked"
      @keydown=${(event: KeyboardEvent) => event.key === 'Escape' && keep()}
    >
      <p id="asked" tabindex="-1" ${ref(this.questionElement)}>${asked.question}</p>
      <p>
        <button class="danger" ?disabled=${this.busy} @click=${answer(true)}>${asked.confirm}</button>
        <button class="secondary" @click=${keep}>${strings.keep}</button>
      </p>
    </div>`;
  }

  /** Gives the focus to the result line (its button gone or disabled while it ran). */
  focusResult(): void {
    this.resultElement.value?.focus();
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
