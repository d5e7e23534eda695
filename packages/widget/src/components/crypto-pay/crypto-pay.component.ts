/** `<crypto-pay>`: the checkout element, from the customer's details to the payment's end. */
import { html, LitElement } from 'lit';
import { servePartsFrom } from '../../api/parts.ts';
import { defaultTiming, type Timing } from '../../api/timing.ts';
import { CryptoPayErrorEvent } from '../../events/error.ts';
import { LocalizeController, wholeOf } from '../../localize/localize.ts';
import controls from '../../styles/controls.styles.ts';
import tokens from '../../styles/tokens.styles.ts';
import resultStyles from '../result-view/result-view.styles.ts';
import { CheckoutFlow } from './checkout-flow.ts';
import styles from './crypto-pay.styles.ts';
import { headingOf, type View } from './crypto-pay.views.ts';
import { AFTER_PAY, loadPanel, PANEL_VIEWS, panelFailed, panelPart } from './panel-part.ts';
import { ViewContent } from './view-content.ts';

/**
 * @summary A crypto checkout: asks who pays and in which currency, creates the payment through
 * the merchant's proxy, shows the payment link (button, QR code, copy) or redirects to it,
 * follows the status and ends on a success or failure view.
 *
 * @event {CryptoPayReadyEvent} crypto-pay-ready - The element has loaded what it needs.
 * @event {CryptoPayCreatedEvent} crypto-pay-created - The checkout exists: `{id, payment_link}`.
 * @event {CryptoPayStatusEvent} crypto-pay-status - The status was read or changed: `{id, status}`.
 * @event {CryptoPaySuccessEvent} crypto-pay-success - Paid: `{id, status}`. Cancelable:
 * `preventDefault()` keeps the page instead of going to the success address.
 * @event {CryptoPayFailureEvent} crypto-pay-failure - Failed or expired: `{id, status}`.
 * Cancelable: `preventDefault()` keeps the page instead of going to the failure address.
 * @event {CryptoPayErrorEvent} crypto-pay-error - An error view is shown: `{code, message}`.
 * @event {CryptoPayCancelEvent} crypto-pay-cancel - The customer chose "Cancel payment" on the pay step:
 * `{id}` of the checkout given up; the element is back at its start.
 * @event {CryptoPayElsewhereEvent} crypto-pay-elsewhere - The tab that started the checkout shows
 * its result: `{id}`; this element gave way (it says to continue there, and follows no more).
 *
 * @csspart base - The element's box.
 * @csspart heading - The heading of the current step (it takes focus on each new step).
 * @csspart total - The order total on the details step.
 * @csspart amount-presets - The group of preset amounts, where the customer chooses the amount.
 * @csspart amount-preset - One preset amount.
 * @csspart form - The details form.
 * @csspart sender-type - The person/company choice.
 * @csspart field - A label, its control and its messages.
 * @csspart label - A field's label.
 * @csspart input - A text, date or email input.
 * @csspart hint - A field's hint.
 * @csspart error - A field's error message.
 * @csspart country-search - The search box above the country list.
 * @csspart country-list - The list of countries.
 * @csspart currency-list - The pay-with choices.
 * @csspart currency-option - One pay-with choice.
 * @csspart submit-button - The button that creates the payment.
 * @csspart amount - The amount due.
 * @csspart pay-with - The currency to pay with.
 * @csspart link-button - The link that opens the payment page.
 * @csspart qr - The QR code of the payment link.
 * @csspart link - The read-only payment link.
 * @csspart copy-button - The button that copies the payment link.
 * @csspart countdown - The time left.
 * @csspart status - The status line while waiting.
 * @csspart other-currency-button - The pay step's "Choose another currency" (back to the form).
 * @csspart cancel-button - The pay step's "Cancel payment".
 * @csspart result - An end or error view.
 * @csspart message - The sentence of an end or error view.
 * @csspart primary-button - The main action of an end or error view.
 * @csspart secondary-button - The other action of an end or error view.
 * @csspart reference - The payment reference on an end view (paid, failed, expired, the other
 * tab's), and beside the error of a checkout the proxy could not read.
 * @csspart reference-value - The reference itself, the checkout id in groups of four.
 * @csspart reference-copy-button - The button that copies the reference (the id, no spaces).
 *
 * @cssproperty --crypto-pay-accent - Buttons, links, focus and chosen options.
 * @cssproperty --crypto-pay-accent-text - Text on the accent colour.
 * @cssproperty --crypto-pay-background - The element's background.
 * @cssproperty --crypto-pay-surface - Background of the summary box.
 * @cssproperty --crypto-pay-text - Body text.
 * @cssproperty --crypto-pay-muted-text - Hints and secondary text.
 * @cssproperty --crypto-pay-border - Borders of fields and options.
 * @cssproperty --crypto-pay-danger - Error messages and failure.
 * @cssproperty --crypto-pay-success - The success icon.
 * @cssproperty --crypto-pay-focus - The focus ring.
 * @cssproperty --crypto-pay-radius - Corner radius.
 * @cssproperty --crypto-pay-font - Font family.
 * @cssproperty --crypto-pay-spacing - The base spacing unit.
 */
export default class CryptoPay extends LitElement {
  static override styles = [tokens, controls, styles, resultStyles];
  static override properties = {
    proxy: {},
    product: {},
    session: {},
    amount: {},
    amounts: {},
    currency: {},
    network: {},
    checkoutId: { attribute: 'checkout' },
    mode: {},
    locale: {},
    successUrl: { attribute: 'success-url' },
    failedUrl: { attribute: 'failed-url' },
  };

  /** Base URL of the merchant's proxy, e.g. `https://shop.example/pay`. Required. */
  proxy = '';
  /** Price from the proxy's catalogue: a product sku. */
  product: string | undefined;
  /** Price pinned by the merchant's server: a checkout session token. */
  session: string | undefined;
  /** A customer-chosen amount (donations), as a decimal string; needs `currency`. */
  amount: string | undefined;
  /**
   * Preset amounts the customer chooses from, beside an "other amount" field, whitespace-separated
   * (`5.00 20.00 50.00`); else the proxy's `open_amount.presets`. With `currency` and no `amount`
   * the element offers that choice anyway; `amount` is then the one chosen at first.
   */
  amounts: string | undefined;
  /** Currency of `amount`, e.g. `EUR`; alone, the customer chooses the amount. */
  currency: string | undefined;
  /** Network of `currency` when that is a crypto token, e.g. `tron`. */
  network: string | undefined;
  /** Id of an existing checkout to show (the return page after a redirect). */
  checkoutId: string | undefined;
  /** `link`: button, QR code and copy on this page; `redirect`: go to the payment page. */
  mode: 'link' | 'redirect' = 'link';
  /**
   * Language: a BCP 47 tag (`de`, `pt-BR`, `zh-TW`) matched to one of the shipped languages; else
   * the page's `lang`, else the browser's.
   */
  locale: string | undefined;
  /** Where to send the customer after a payment (else the proxy's address for it). */
  successUrl: string | undefined;
  /** Where to send the customer after a failed or expired payment (else the proxy's). */
  failedUrl: string | undefined;
  /**
   * The waits: request timeout, polling, retries. Internal, for tests (which make them short
   * and set them before the element connects); read at each wait.
   * @internal
   */
  timing: Timing = defaultTiming;

  private readonly localize = new LocalizeController(this);
  private readonly flow = new CheckoutFlow(
    this,
    (url) => this.navigate(url),
    () => this.closeTab(),
  );
  private readonly content = new ViewContent(this, this.flow, this.localize);
  private shownView: View | undefined;
  private shownRefusal: string | undefined;
  private interacted = false;
  private get heading() {
    return this.renderRoot.querySelector<HTMLElement>('[part="heading"]');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('focusin', this.noteInteraction);
    this.addEventListener('pointerdown', this.noteInteraction);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    servePartsFrom(this.proxy);
    const first = !this.hasUpdated;
    if ((first || changed.has('checkoutId')) && this.checkoutId) {
      this.flow.resumeCheckout(this.checkoutId);
    } else if (first || (changed.has('proxy') && !changed.get('proxy'))) {
      // Also when a framework sets the proxy only after the first render.
      this.flow.resumeStored();
    }
  }

  protected override updated(): void {
    const view = this.flow.view();
    // After a failure, asked again as the view changes (pay, then paid), not on every update.
    const asked = panelFailed && view === this.shownView;
    if (PANEL_VIEWS.includes(view) && !panelPart && !asked) {
      loadPanel(this).then(
        () => this.showPanel(),
        () => this.requestUpdate(),
      );
    }
    // Said once per refusal: a page changing a refused amount for another (20,50 to 600) hears
    // the new reason though the view stays.
    const refusal = this.refusalOf(view);
    if (refusal && refusal.message !== this.shownRefusal) {
      this.dispatchEvent(new CryptoPayErrorEvent(refusal));
    }
    this.shownRefusal = refusal?.message;
    if (view === this.shownView) return;
    const first = this.shownView === undefined;
    // The skeleton and the form it becomes are one step: a customer typing in it keeps the field.
    const sameStep = this.shownView === 'loading' && view === 'details';
    this.shownView = view;
    // Focus follows the journey once the customer is in it; a page load never steals it.
    if (!first && !sameStep && this.interacted) this.heading?.focus();
  }

  /** Why the element cannot take a payment as set up, for `crypto-pay-error`. */
  private refusalOf(view: View): { code: string; message: string } | undefined {
    if (view !== 'misconfigured' && view !== 'amount-refused') return undefined;
    if (!this.proxy) return { code: 'proxy_missing', message: 'The proxy attribute is missing.' };
    // A priced element refused is an open amount its rules refuse, saying why (in their chunk).
    const check = this.flow.openAmountCheck;
    return this.flow.priced && check && 'message' in check
      ? { code: 'amount_invalid', message: check.message }
      : { code: 'price_missing', message: 'The product, session or amount attribute is missing.' };
  }

  /** Puts the panel in place of the plain link, and focus on its link if it was on the plain one. */
  private async showPanel(): Promise<void> {
    const hadFocus = this.shadowRoot?.activeElement?.matches('a.button') ?? false;
    this.requestUpdate();
    await this.updateComplete;
    const panel = this.shadowRoot?.querySelector('crypto-pay-payment-panel');
    if (!hadFocus || !panel) return;
    await panel.updateComplete;
    panel.shadowRoot?.querySelector<HTMLElement>('[part="link-button"]')?.focus();
  }

  /** Goes to another address. Separate so a test (or subclass) can watch it. */
  protected navigate(url: string): void {
    window.location.assign(url);
  }

  /**
   * Closes this tab, which another tab's result made needless. Browsers close only a tab a page
   * or its link opened (the payment link's tab); elsewhere this does nothing and the view says
   * where to look. Separate so a test (or subclass) can watch it.
   */
  protected closeTab(): void {
    window.close();
  }

  private readonly noteInteraction = (): void => {
    this.interacted = true;
  };

  override render() {
    const t = this.localize.translation;
    const words = wholeOf(t);
    const whole = panelPart && words;
    const next = this.flow.view();
    // The views after the pay step wait for the panel's chunk and the later messages (English's
    // come in a chunk too), unless one failed to load; a refused amount waits for the words.
    const wordsPending = !words && !this.localize.failed;
    const view =
      !whole && !panelFailed && !this.localize.failed && AFTER_PAY.includes(next)
        ? 'checking'
        : wordsPending && next === 'amount-refused'
          ? 'loading'
          : next;
    return html`
      <div part="base" class="base" lang=${t.$code} dir=${t.$dir}>
        <h2 part="heading" tabindex="-1">${headingOf(view, t)}</h2>
        ${this.content.render(view, t, whole)}
      </div>
    `;
  }
}
