/** The customer's payment reference on the end views: the checkout id to quote, and its copy. */
import { groupReference } from '@crypto-pay/protocol/reference';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import type { LaterMessages } from '../../localize/translation.ts';
import controls from '../../styles/controls.styles.ts';
import { copyText } from '../../utilities/clipboard.ts';
import styles from './payment-reference.styles.ts';

/** The messages the reference shows. */
export type ReferenceMessages = Pick<
  LaterMessages,
  | 'paymentReference'
  | 'referenceHint'
  | 'copyReference'
  | 'referenceCopied'
  | 'referenceCopyFailed'
  | 'referenceCapital'
  | 'referenceHyphen'
  | 'referenceUnderscore'
>;

/**
 * The reference as a screen reader should say it: each character named (a capital as one, `-`
 * and `_` in words), a comma between characters and a pause between the groups of four.
 */
export const spokenReference = (id: string, t: ReferenceMessages) =>
  groupReference(id)
    .split(' ')
    .map((group) =>
      [...group]
        .map((character) =>
          character === '-'
            ? t.referenceHyphen
            : character === '_'
              ? t.referenceUnderscore
              : character !== character.toLowerCase()
                ? t.referenceCapital(character)
                : character,
        )
        .join(', '),
    )
    .join('; ');

/**
 * The grouped reference in the pieces a line may end after: a group ending in `-` keeps the next
 * one with it, since a line's last `-` reads as a word broken there (`cPH-` then `2s1Z`), and the
 * customer would drop it.
 */
export const referenceLines = (id: string) =>
  // No lookbehind in the pattern: Safari before 16.4 could not parse the chunk.
  groupReference(id)
    .split(' ')
    .reduce<string[]>((pieces, group) => {
      const last = pieces.length - 1;
      if (pieces[last]?.endsWith('-')) pieces[last] += ` ${group}`;
      else pieces.push(group);
      return pieces;
    }, []);

/**
 * @summary The payment's reference, for the customer to quote to the shop: the checkout id in
 * groups of four (to read over the phone), in monospace, and a button that copies the id itself.
 *
 * @csspart reference - The whole reference.
 * @csspart reference-value - The grouped reference.
 * @csspart reference-copy-button - The button that copies it.
 */
export default class PaymentReference extends LitElement {
  static override styles = [controls, styles];
  static override properties = {
    t: { attribute: false },
    reference: {},
    copyResult: { state: true },
  };

  /** The terms to show: the end views' translation, once whole. */
  t!: ReferenceMessages;
  /** The checkout id: shown grouped, copied whole. */
  reference = '';

  private copyResult: 'copied' | 'failed' | '' = '';
  private get field() {
    return this.renderRoot.querySelector('input') as HTMLInputElement;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Another payment's reference: what was said of copying the last one no longer holds.
    if (changed.has('reference')) this.copyResult = '';
  }

  private async copy(): Promise<void> {
    // Cleared first, so that the live region says a second copy again; the clipboard is asked
    // at once all the same, as Safari allows it only within the click.
    this.copyResult = '';
    const copied = await copyText(this.reference, async () => {
      // Without a clipboard: the id in a read-only field, selected for the customer to copy.
      await this.updateComplete;
      this.copyResult = 'failed';
      await this.updateComplete;
      return this.field;
    });
    await this.updateComplete;
    if (copied) this.copyResult = 'copied';
  }

  override render() {
    const { t, reference } = this;
    if (!reference) return nothing;
    return html`
      <div part="reference" class="reference">
        <dl>
          <dt>${t.paymentReference}</dt>
          <!-- translate="no": a page translator must not change a character of it. -->
          <!-- Seen grouped; heard spelled out, each character named. -->
          <dd><code part="reference-value" class="value" dir="ltr" translate="no" aria-hidden="true"
            >${referenceLines(reference).map(
              (piece, index) => html`${index > 0 ? ' ' : ''}<span>${piece}</span>`,
            )}</code><span class="visually-hidden"
            >${spokenReference(reference, t)}</span></dd>
        </dl>
        <p class="hint">${t.referenceHint}</p>
        <button part="reference-copy-button" type="button" @click=${() => this.copy()}>
          ${t.copyReference}
        </button>
        ${
          this.copyResult === 'failed'
            ? html`<input readonly dir="ltr" translate="no" aria-label=${t.paymentReference}
              .value=${reference} />`
            : nothing
        }
        <p class=${this.copyResult === 'failed' ? 'error' : 'hint'} role="status">
          ${
            this.copyResult === 'copied'
              ? t.referenceCopied
              : this.copyResult === 'failed'
                ? t.referenceCopyFailed
                : ''
          }
        </p>
      </div>
    `;
  }
}
