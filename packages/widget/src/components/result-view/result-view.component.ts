/** The end and error views: what happened, in one clear sentence, and what to do next. */
import { html, LitElement, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import controls from '../../styles/controls.styles.ts';
import styles from './result-view.styles.ts';

/** `info`: nothing happened here, the customer is told where to look. */
export type ResultTone = 'success' | 'failure' | 'error' | 'progress' | 'info';

/**
 * @summary A result or error: an icon for its tone, the sentence that explains it, an optional
 * detail, and up to two actions (retry, start again, back).
 *
 * @slot - What the customer quotes to the shop (the payment reference), between the sentence
 * and the actions.
 *
 * @event result-action - An action was chosen; `detail` is `primary` or `secondary`
 * (internal, not composed).
 *
 * @csspart result - The whole view.
 * @csspart message - The explaining sentence.
 * @csspart primary-button - The main action.
 * @csspart secondary-button - The other action.
 */
export default class ResultView extends LitElement {
  static override styles = [controls, styles];
  static override properties = {
    tone: { reflect: true },
    message: {},
    detail: {},
    detailLang: { attribute: 'detail-lang' },
    note: {},
    primaryLabel: { attribute: 'primary-label' },
    primaryDisabled: { type: Boolean, attribute: 'primary-disabled' },
    secondaryLabel: { attribute: 'secondary-label' },
  };

  /** What kind of result this is; it picks the icon and colour. */
  tone: ResultTone = 'success';
  /** The sentence that says what happened. */
  message = '';
  /** More detail, such as the proxy's own explanation. */
  detail = '';
  /** The language of `detail` when it is not the element's: the proxy explains in English. */
  detailLang = '';
  /** Said to screen readers only, e.g. how long to wait before trying again. */
  note = '';
  /** The label of the main action; no button without one. */
  primaryLabel = '';
  /** The main action cannot be taken yet (its label says until when). */
  primaryDisabled = false;
  /** The label of the second action; no button without one. */
  secondaryLabel = '';

  private act(which: 'primary' | 'secondary'): void {
    this.dispatchEvent(new CustomEvent('result-action', { detail: which }));
  }

  override render() {
    const icon = { success: '✓', failure: '✕', error: '!', progress: '', info: 'i' }[this.tone];
    // Only what happened is a live region: a button label that counts down is not read out.
    return html`
      <div part="result" class="result">
        ${
          this.tone === 'progress'
            ? html`<span class="spinner" aria-hidden="true"></span>`
            : html`<span class="icon" aria-hidden="true">${icon}</span>`
        }
        <div class="said" role="status" aria-live="polite">
          <p part="message" class="message">${this.message}</p>
          ${this.detail ? html`<p class="hint" lang=${ifDefined(this.detailLang || undefined)}>${this.detail}</p>` : nothing}
          <span class="visually-hidden">${this.note}</span>
        </div>
        <slot></slot>
        <div class="actions">
          ${
            this.primaryLabel
              ? html`<button class="primary" part="primary-button" type="button"
                ?disabled=${this.primaryDisabled} @click=${() => this.act('primary')}>
                ${this.primaryLabel}
              </button>`
              : nothing
          }
          ${
            this.secondaryLabel
              ? html`<button part="secondary-button" type="button" @click=${() => this.act('secondary')}>
                ${this.secondaryLabel}
              </button>`
              : nothing
          }
        </div>
      </div>
    `;
  }
}
