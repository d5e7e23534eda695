/** The pay step's panel: amount, pay-with currency, link, QR code, copy and time left. */
import { html, LitElement, nothing, svg } from 'lit';
import { ignore, loadPart } from '../../api/parts.ts';
import type { Checkout } from '../../api/proxy-api.ts';
import type { FirstMessages, LaterMessages } from '../../localize/translation.ts';
import controls from '../../styles/controls.styles.ts';
import { copyText } from '../../utilities/clipboard.ts';
import { formatCountdown, formatTime } from '../../utilities/clock.ts';
import { formatAmount, networkName } from '../../utilities/format.ts';
import styles from './payment-panel.styles.ts';
import type { QrPath } from './qr-code.ts';

/** The QR code's quiet zone, in modules, as scanners need. */
const QUIET_ZONE = 4;

/**
 * @summary What the customer needs to pay: the amount, the currency, a button that opens the
 * hosted payment page (in a new tab, or in this one with `redirect`), a QR code of the same link
 * for a phone wallet, a copy button and the time left, with the live status below.
 *
 * @event check-now - The customer asked to check the status now (internal, not composed).
 * @event expiry-reached - The countdown reached zero (internal, not composed).
 *
 * @csspart amount - The amount due.
 * @csspart pay-with - The currency to pay with.
 * @csspart link-button - The link that opens the payment page.
 * @csspart qr - The QR code.
 * @csspart link - The read-only field with the payment link.
 * @csspart copy-button - The copy button.
 * @csspart countdown - The time left.
 * @csspart status - The status line.
 * @csspart status-unreadable - Says when the status cannot be checked (countdown and status hidden).
 */
export default class PaymentPanel extends LitElement {
  static override styles = [controls, styles];
  static override properties = {
    t: { attribute: false },
    locale: { attribute: false },
    checkout: { attribute: false },
    trouble: { type: Boolean },
    redirect: { type: Boolean },
    now: { state: true },
    copyResult: { state: true },
    qr: { state: true },
  };

  /** The terms to show: the whole translation, which <crypto-pay> waits for before the panel. */
  t!: FirstMessages & LaterMessages;
  /** The locale of clock times, region included (`en-GB`); the translation's by default. */
  locale: string | undefined = undefined;
  /** The checkout to pay. */
  checkout: Checkout | undefined = undefined;
  /** True when status checks have failed, or gone unanswered, for a while. */
  trouble = false;
  /**
   * True where the element takes the customer to the payment page in this tab
   * (`mode="redirect"`): its link goes there in this tab too, and says nothing of a new one.
   */
  redirect?: boolean;

  private now = Date.now();
  private copyResult: 'copied' | 'failed' | '' = '';
  private get linkField() {
    return this.renderRoot.querySelector('#payment-link') as HTMLInputElement;
  }
  private ticker: ReturnType<typeof setInterval> | undefined;
  private expiryReported = '';
  private qr: { link: string; path: QrPath } | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.ticker = setInterval(() => {
      this.now = Date.now();
    }, 1000);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearInterval(this.ticker);
  }

  protected override firstUpdated(): void {
    // Arrived by Continue, the step's heading has focus (a reload never takes it): on a phone
    // the heading alone may be in view, the payment page's button below the fold. Bring it in.
    const root = this.getRootNode() as ShadowRoot;
    const button = this.renderRoot.querySelector('[part="link-button"]');
    const box = button?.getBoundingClientRect();
    if (
      root.activeElement?.matches('[part="heading"]') &&
      box &&
      (box.top < 0 || box.bottom > innerHeight)
    ) {
      // Centred, the heading above it in view too, and no edge of the screen cutting it.
      button!.scrollIntoView({ block: 'center' });
    }
  }

  protected override updated(): void {
    const checkout = this.checkout;
    if (checkout && this.secondsLeft(checkout) <= 0 && this.expiryReported !== checkout.id) {
      this.expiryReported = checkout.id;
      this.dispatchEvent(new Event('expiry-reached'));
    }
  }

  private secondsLeft(checkout: Checkout): number {
    return checkout.expires_at - Math.floor(this.now / 1000);
  }

  private async copy(link: string): Promise<void> {
    // Without a clipboard the link's field is selected, for the customer to copy.
    this.copyResult = (await copyText(link, () => this.linkField)) ? 'copied' : 'failed';
  }

  protected override willUpdate(): void {
    const link = this.checkout?.payment_link;
    // The QR encoder is its own chunk: the page does not load it before there is a link.
    if (link && this.qr?.link !== link) {
      loadPart(this, import('./qr-code.ts')).then(({ qrPath }) => {
        if (this.checkout?.payment_link === link) this.qr = { link, path: qrPath(link) };
      }, ignore);
    }
  }

  private qrCode() {
    if (!this.qr) return html`<div class="qr" part="qr"></div>`;
    const { size, d } = this.qr.path;
    const side = size + 2 * QUIET_ZONE;
    return html`
      <svg
        part="qr"
        class="qr"
        role="img"
        aria-label=${this.t.qrLabel}
        viewBox="${-QUIET_ZONE} ${-QUIET_ZONE} ${side} ${side}"
        shape-rendering="crispEdges"
      >
        ${svg`<rect x=${-QUIET_ZONE} y=${-QUIET_ZONE} width=${side} height=${side} fill="#fff"></rect>
        <path d=${d} fill="#000"></path>`}
      </svg>
    `;
  }

  override render() {
    const { t, checkout } = this;
    if (!checkout) return nothing;
    const locale = this.locale ?? t.$code;
    const paymentCurrency = checkout.payment_currency;
    const left = this.secondsLeft(checkout);
    return html`
      <dl class="summary">
        <div>
          <dt>${t.amountLabel}</dt>
          <dd part="amount" class="amount">
            ${t.amountWithCurrency(formatAmount(checkout.amount, t), checkout.currency.iso)}
          </dd>
        </div>
        <div>
          <dt>${t.payWithLegend}</dt>
          <dd part="pay-with">
            ${
              paymentCurrency
                ? paymentCurrency.network_name
                  ? t.currencyOnNetwork(
                      paymentCurrency.iso,
                      networkName(paymentCurrency.network_name),
                    )
                  : paymentCurrency.iso
                : t.payWithLater
            }
          </dd>
        </div>
      </dl>
      <a
        class="button primary open"
        part="link-button"
        href=${checkout.payment_link}
        target=${this.redirect ? nothing : '_blank'}
        rel="noopener noreferrer"
        >${t.openPaymentPage}<span class="visually-hidden">
          ${this.redirect ? nothing : t.opensInNewTab}</span
        ></a
      >
      ${this.qrCode()}
      <div class="field">
        <label for="payment-link">${t.paymentLink}</label>
        <div class="copy-row">
          <input id="payment-link" part="link" dir="ltr" readonly .value=${checkout.payment_link} />
          <button part="copy-button" type="button" @click=${() => this.copy(checkout.payment_link)}>
            ${t.copyLink}
          </button>
        </div>
        <p class=${this.copyResult === 'failed' ? 'error' : 'hint'} role="status">
          ${this.copyResult === 'copied' ? t.copied : this.copyResult === 'failed' ? t.copyFailed : ''}
        </p>
      </div>
      ${
        // While the status cannot be read, the payment may have ended already: no countdown
        // or "waiting" that would have a customer who paid pay again.
        this.trouble
          ? nothing
          : html`<p part="countdown" class="countdown" role="timer">
                ${t.timeLeft} <strong>${formatCountdown(left)}</strong>
                <span class="hint">${t.expiresAt(formatTime(checkout.expires_at, locale))}</span>
              </p>
              <!-- Hidden from screen readers: <crypto-pay>'s live region says it (and each change). -->
              <p part="status" class="status" aria-hidden="true">
                <span class="spinner"></span>
                ${checkout.status === 'processing' ? t.statusProcessing : t.statusCreated}
              </p>`
      }
      <!-- Always there, so a screen reader hears the sentence when it appears (polite). -->
      <p class="error" part="status-unreadable" role="status">
        ${this.trouble ? t.statusUnreadable : ''}
      </p>
      ${
        this.trouble
          ? html`<button type="button" @click=${() => this.dispatchEvent(new Event('check-now'))}>
              ${t.checkNow}
            </button>`
          : nothing
      }
    `;
  }
}
