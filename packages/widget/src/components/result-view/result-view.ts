/**
 * The end and error views: what happened, in one clear sentence, and what to do next. A
 * template rendered in `<crypto-pay>`'s own shadow root (with `result-view.styles.ts` among its
 * styles), not an element of its own: one class, shadow root and adopted style sheets fewer
 * in the first paint (about 500 bytes gzipped).
 */
import { html, nothing, type TemplateResult } from 'lit';

/** `info`: nothing happened here, the customer is told where to look. */
export type ResultTone = 'success' | 'failure' | 'error' | 'progress' | 'info';

const ICONS = { success: '✓', failure: '✕', error: '!', progress: '', info: 'i' };

export interface ResultOptions {
  /** More detail, such as the proxy's own explanation. */
  detail?: string;
  /** The language of `detail` when it is not the element's: the proxy explains in English. */
  detailLang?: string;
  /** Said to screen readers only, e.g. how long to wait before trying again. */
  note?: string;
  /** The main action: its label, what it does, and whether it must wait (its label says until when). */
  primary?: [string, () => void, boolean?];
  /** The other action: its label and what it does. */
  secondary?: [string, () => void];
  /** What the customer quotes to the shop (the payment reference), above the actions. */
  reference?: TemplateResult | undefined;
}

/**
 * A result or error: an icon for its tone, the sentence that explains it, an optional detail,
 * the payment reference, and up to two actions (retry, start again, back). Its parts: `result`,
 * `message`, `primary-button`, `secondary-button`.
 */
export function resultView(
  tone: ResultTone,
  message: string,
  { detail, detailLang, note = '', primary, secondary, reference }: ResultOptions = {},
) {
  // Only what happened is a live region: a button label that counts down is not read out.
  return html`
    <div part="result" class="result tone-${tone}">
      ${
        tone === 'progress'
          ? html`<span class="spinner" aria-hidden="true"></span>`
          : html`<span class="icon" aria-hidden="true">${ICONS[tone]}</span>`
      }
      <div class="said" role="status" aria-live="polite">
        <p part="message" class="message">${message}</p>
        ${detail ? html`<p class="hint" lang=${detailLang || nothing}>${detail}</p>` : nothing}
        <span class="visually-hidden">${note}</span>
      </div>
      ${reference ?? nothing}
      <div class="actions">
        ${
          primary
            ? html`<button class="primary" part="primary-button" type="button"
              ?disabled=${primary[2]} @click=${primary[1]}>
              ${primary[0]}
            </button>`
            : nothing
        }
        ${
          secondary
            ? html`<button part="secondary-button" type="button" @click=${secondary[1]}>
              ${secondary[0]}
            </button>`
            : nothing
        }
      </div>
    </div>
  `;
}
