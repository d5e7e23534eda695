/** `<crypto-pay>`: the checkout element, from the customer's details to the payment's end. */
import { initialState, Task, TaskStatus } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { CheckoutWatcher } from '../../api/checkout-watcher.ts';
import {
  type Checkout,
  type CheckoutRequest,
  createCheckout,
  FINAL_STATUSES,
  fetchConfig,
  getCheckout,
  newIdempotencyKey,
  ProxyError,
  type WidgetConfig,
} from '../../api/proxy-api.ts';
import { CryptoPayCreatedEvent } from '../../events/created.ts';
import { CryptoPayErrorEvent } from '../../events/error.ts';
import { CryptoPayFailureEvent } from '../../events/failure.ts';
import { CryptoPayReadyEvent } from '../../events/ready.ts';
import { CryptoPayStatusEvent } from '../../events/status.ts';
import { CryptoPaySuccessEvent } from '../../events/success.ts';
import { LocalizeController } from '../../localize/localize.ts';
import controls from '../../styles/controls.styles.ts';
import tokens from '../../styles/tokens.styles.ts';
import {
  forgetCheckoutId,
  loadCheckoutId,
  saveCheckoutId,
} from '../../utilities/checkout-storage.ts';
import '../payment-panel/payment-panel.ts';
import '../result-view/result-view.ts';
import type { DetailsSubmit, FieldIssue } from '../sender-form/sender-form.component.ts';
import '../sender-form/sender-form.ts';
import type { Translation } from '../../localize/translation.ts';
import { formatAmount } from '../../utilities/format.ts';
import { formFieldOf } from '../sender-form/form-fields.ts';
import styles from './crypto-pay.styles.ts';
import { errorDetail, errorSentence, headingOf, type View, viewOf } from './crypto-pay.views.ts';

/** Every part of the sub-views, passed through so `crypto-pay::part(...)` reaches them. */
const FORM_PARTS =
  'form, sender-type, field, label, input, hint, error, country-search, country-list, submit-button, currency-list, currency-option';
const PANEL_PARTS = 'amount, pay-with, link-button, qr, link, copy-button, countdown, status';
const RESULT_PARTS = 'result, message, primary-button, secondary-button';

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
 *
 * @csspart base - The element's box.
 * @csspart heading - The heading of the current step (it takes focus on each new step).
 * @csspart total - The order total on the details step.
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
 * @csspart result - An end or error view.
 * @csspart message - The sentence of an end or error view.
 * @csspart primary-button - The main action of an end or error view.
 * @csspart secondary-button - The other action of an end or error view.
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
  static override styles = [tokens, controls, styles];

  /** Base URL of the merchant's proxy, e.g. `https://shop.example/pay`. Required. */
  @property() proxy = '';
  /** Price from the proxy's catalogue: a product sku. */
  @property() product: string | undefined;
  /** Price pinned by the merchant's server: a checkout session token. */
  @property() session: string | undefined;
  /** A customer-chosen amount (donations), as a decimal string; needs `currency`. */
  @property() amount: string | undefined;
  /** Currency of `amount`, e.g. `EUR`. */
  @property() currency: string | undefined;
  /** Network of `currency` when that is a crypto token, e.g. `tron`. */
  @property() network: string | undefined;
  /** Id of an existing checkout to show (the return page after a redirect). */
  @property({ attribute: 'checkout' }) checkoutId: string | undefined;
  /** `link`: button, QR code and copy on this page; `redirect`: go to the payment page. */
  @property() mode: 'link' | 'redirect' = 'link';
  /** Language (`en`, `de`, `es`, `fr`, `ar`); else the page's `lang`, else the browser's. */
  @property() locale: string | undefined;
  /** Where to send the customer after a payment (else the proxy's address for it). */
  @property({ attribute: 'success-url' }) successUrl: string | undefined;
  /** Where to send the customer after a failed or expired payment (else the proxy's). */
  @property({ attribute: 'failed-url' }) failedUrl: string | undefined;

  @state() private checkout: Checkout | undefined;
  /** The checkout being looked up (from `checkout` or sessionStorage), before it is known. */
  @state() private resumeId: string | undefined;
  @state() private trouble = false;
  @state() private leaving = false;
  @state() private dismissedError: unknown;
  @state() private formIssue: FieldIssue | undefined;

  private readonly localize = new LocalizeController(this);
  private readonly watcher = new CheckoutWatcher(this, {
    checkout: (checkout) => this.onCheckout(checkout),
    trouble: (inTrouble) => {
      this.trouble = inTrouble;
    },
  });
  /** The last request sent and its key: a retry of the same request reuses the key. */
  private lastRequest: { body: string; key: string } | undefined;
  private shownView: View | undefined;
  private interacted = false;
  @query('[part="heading"]') private heading!: HTMLElement;

  private readonly configTask = new Task(this, {
    args: () => [this.proxy, Boolean(this.resumeId || this.checkout)] as const,
    task: async ([proxy, notNeeded], { signal }) => {
      if (!proxy || notNeeded) return initialState;
      const config = await this.reporting(fetchConfig(proxy, signal));
      this.dispatchEvent(new CryptoPayReadyEvent({}));
      return config;
    },
  });

  private readonly resumeTask = new Task(this, {
    args: () => [this.proxy, this.resumeId] as const,
    task: async ([proxy, id], { signal }) => {
      if (!proxy || !id) return initialState;
      const { checkout } = await this.reporting(getCheckout(proxy, id, signal));
      if (!checkout) throw new ProxyError('invalid_response', 'invalid_response', 'No checkout.');
      this.resumeId = undefined;
      this.onCheckout(checkout);
      this.watcher.watch(proxy, checkout);
      this.dispatchEvent(new CryptoPayReadyEvent({}));
      return checkout;
    },
  });

  private readonly createTask = new Task(this, {
    autoRun: false,
    task: async ([proxy, request, key]: [string, CheckoutRequest, string], { signal }) => {
      this.formIssue = undefined;
      let checkout: Checkout;
      try {
        checkout = await this.reporting(createCheckout(proxy, request, key, signal));
      } catch (error) {
        // A refusal that names a field goes back to the form, next to that field.
        const field = error instanceof ProxyError ? formFieldOf(error.field) : undefined;
        if (field) this.formIssue = { field, message: (error as ProxyError).message };
        throw error;
      }
      this.lastRequest = undefined;
      saveCheckoutId(this.storageKey, checkout.id);
      this.dispatchEvent(
        new CryptoPayCreatedEvent({ id: checkout.id, payment_link: checkout.payment_link }),
      );
      this.onCheckout(checkout);
      this.watcher.watch(proxy, checkout);
      if (this.mode === 'redirect' && !FINAL_STATUSES.includes(checkout.status)) {
        this.leaving = true;
        this.navigate(checkout.payment_link);
      }
      return checkout;
    },
  });

  /** The sessionStorage slot of this element's checkout: one per proxy and price. */
  private get storageKey(): string {
    const price = this.session
      ? `session=${this.session}`
      : this.product
        ? `product=${this.product}`
        : `amount=${this.amount}:${this.currency}:${this.network ?? ''}`;
    return `${this.proxy}#${price}`;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener('focusin', this.noteInteraction);
    this.addEventListener('pointerdown', this.noteInteraction);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    const first = !this.hasUpdated;
    if ((first || changed.has('checkoutId')) && this.checkoutId) {
      this.watcher.stop();
      this.checkout = undefined;
      this.resumeId = this.checkoutId;
    } else if (first && this.proxy) {
      this.resumeId = loadCheckoutId(this.storageKey);
    }
  }

  protected override updated(): void {
    const view = viewOf(this.renderState());
    if (view === this.shownView) return;
    const first = this.shownView === undefined;
    this.shownView = view;
    if (view === 'misconfigured') {
      const message = 'The proxy attribute is missing.';
      this.dispatchEvent(new CryptoPayErrorEvent({ code: 'proxy_missing', message }));
    }
    // Focus follows the journey once the customer is in it; a page load never steals it.
    if (!first && this.interacted) this.heading?.focus();
  }

  /** Goes to another address. Separate so a test (or subclass) can watch it. */
  protected navigate(url: string): void {
    window.location.assign(url);
  }

  private readonly noteInteraction = (): void => {
    this.interacted = true;
  };

  /** Passes a result through, telling the page about a failure with `crypto-pay-error`. */
  private async reporting<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof ProxyError) {
        this.dispatchEvent(new CryptoPayErrorEvent({ code: error.code, message: error.message }));
      }
      throw error;
    }
  }

  private onCheckout(checkout: Checkout): void {
    const previous = this.checkout;
    this.checkout = checkout;
    if (previous?.id === checkout.id && previous.status === checkout.status) return;
    this.dispatchEvent(new CryptoPayStatusEvent({ id: checkout.id, status: checkout.status }));
    if (FINAL_STATUSES.includes(checkout.status)) this.finish(checkout);
  }

  /** The end: tell the page, then go to the matching address unless the page said no. */
  private finish(checkout: Checkout): void {
    forgetCheckoutId(this.storageKey);
    const { id, status } = checkout;
    const paid = status === 'paid';
    // dispatchEvent answers false when the page called preventDefault().
    const proceed = paid
      ? this.dispatchEvent(new CryptoPaySuccessEvent({ id, status: 'paid' }))
      : this.dispatchEvent(
          new CryptoPayFailureEvent({ id, status: status as 'failed' | 'expired' }),
        );
    const target = paid
      ? (this.successUrl ?? checkout.success_url)
      : (this.failedUrl ?? checkout.failed_url);
    if (proceed && target) {
      this.leaving = true;
      this.navigate(target);
    }
  }

  private onDetails(details: DetailsSubmit): void {
    if (this.createTask.status === TaskStatus.PENDING) return;
    const request: CheckoutRequest = {
      ...this.price(),
      ...(details.paymentCurrency ? { payment_currency: details.paymentCurrency } : {}),
      sender_type: details.senderType,
      sender_data: details.senderData,
      ...(details.email ? { end_user_email: details.email } : {}),
      ...(this.successUrl ? { success_url: this.successUrl } : {}),
      ...(this.failedUrl ? { failed_url: this.failedUrl } : {}),
    };
    const body = JSON.stringify(request);
    // The same request keeps its key, so the proxy answers a retry with the same checkout.
    if (this.lastRequest?.body !== body) this.lastRequest = { body, key: newIdempotencyKey() };
    void this.createTask.run([this.proxy, request, this.lastRequest.key]);
  }

  private retryCreate(): void {
    const last = this.lastRequest;
    if (last) void this.createTask.run([this.proxy, JSON.parse(last.body), last.key]);
  }

  private price(): Pick<CheckoutRequest, 'product' | 'session' | 'amount' | 'currency'> {
    if (this.session) return { session: this.session };
    if (this.product) return { product: this.product };
    const currency = this.currency ?? '';
    return {
      ...(this.amount ? { amount: this.amount } : {}),
      currency: this.network ? { iso: currency, network_name: this.network } : currency,
    };
  }

  /** Back to an empty start: no checkout kept, the form shown again. */
  private startAgain(): void {
    this.watcher.stop();
    forgetCheckoutId(this.storageKey);
    this.checkout = undefined;
    this.checkoutId = undefined;
    this.resumeId = undefined;
    this.leaving = false;
    this.trouble = false;
    this.dismissedError = this.createTask.error;
  }

  private renderState() {
    const createError =
      this.createTask.status === TaskStatus.ERROR && this.createTask.error !== this.dismissedError
        ? this.createTask.error
        : undefined;
    return {
      proxy: this.proxy,
      checkout: this.checkout,
      mode: this.mode,
      leaving: this.leaving,
      resumeStatus: this.resumeId ? this.resumeTask.status : undefined,
      configStatus: this.configTask.status,
      createError: formFieldOf((createError as ProxyError | undefined)?.field)
        ? undefined
        : createError,
    };
  }

  override render() {
    const t = this.localize.translation;
    const view = viewOf(this.renderState());
    return html`
      <div part="base" class="base" lang=${t.$code} dir=${t.$dir}>
        <h2 part="heading" tabindex="-1">${headingOf(view, t)}</h2>
        ${
          view === 'details' || view === 'create-error'
            ? // One template for both, so the form (and what the customer typed) survives an
              // error view and its "Back".
              html`${view === 'create-error' ? this.body(view, t) : nothing}
              ${this.details(t, view === 'create-error')}`
            : this.body(view, t)
        }
      </div>
    `;
  }

  private result(
    tone: 'success' | 'failure' | 'error' | 'progress',
    message: string,
    options: {
      detail?: string;
      primary?: [string, () => void];
      secondary?: [string, () => void];
    } = {},
  ) {
    const { detail = '', primary, secondary } = options;
    // The view's sentence sits in a live region, so a screen reader hears each change.
    return html`
      <crypto-pay-result
        role="status"
        aria-live="polite"
        exportparts=${RESULT_PARTS}
        tone=${tone}
        message=${message}
        detail=${detail}
        primary-label=${primary?.[0] ?? ''}
        secondary-label=${secondary?.[0] ?? ''}
        @result-action=${(event: CustomEvent<'primary' | 'secondary'>) =>
          (event.detail === 'primary' ? primary : secondary)?.[1]()}
      ></crypto-pay-result>
    `;
  }

  private body(view: View, t: Translation) {
    const checkout = this.checkout;
    const leaving = this.leaving
      ? view === 'paid'
        ? t.leavingToShop
        : t.leavingToFailurePage
      : '';
    const startAgain: [string, () => void] = [t.startAgain, () => this.startAgain()];
    switch (view) {
      case 'misconfigured':
        return this.result('error', t.errorMisconfigured);
      case 'loading':
        return this.result('progress', t.loading);
      case 'checking':
        return this.result('progress', t.checkingStatus);
      case 'config-error':
        return this.result('error', errorSentence(this.configTask.error, t), {
          detail: errorDetail(this.configTask.error),
          primary: [t.retry, () => void this.configTask.run()],
        });
      case 'create-error':
        return this.result('error', errorSentence(this.createTask.error, t), {
          detail: errorDetail(this.createTask.error),
          primary: [t.retry, () => this.retryCreate()],
          secondary: [t.back, () => (this.dismissedError = this.createTask.error)],
        });
      case 'resume-error': {
        const error = this.resumeTask.error;
        const notFound = error instanceof ProxyError && error.kind === 'not_found';
        return this.result('error', errorSentence(error, t), {
          primary: notFound ? startAgain : [t.retry, () => void this.resumeTask.run()],
          ...(notFound ? {} : { secondary: startAgain }),
        });
      }
      case 'pay':
        return html`
          <crypto-pay-payment-panel
            exportparts=${PANEL_PARTS}
            .t=${t}
            .checkout=${checkout}
            ?trouble=${this.trouble}
            @check-now=${() => this.watcher.checkNow()}
            @expiry-reached=${() => this.watcher.checkNow()}
          ></crypto-pay-payment-panel>
          <p class="visually-hidden" role="status" aria-live="polite">
            ${checkout?.status === 'processing' ? t.statusProcessing : t.statusCreated}
          </p>
        `;
      case 'redirect':
        return html`${this.result('progress', t.redirectBody)}
          <a class="button" href=${checkout?.payment_link ?? ''}>${t.redirectFallback}</a>`;
      case 'paid':
        return this.result('success', t.successBody, { detail: leaving });
      case 'failed':
      case 'expired':
        return this.result('failure', view === 'failed' ? t.failedBody : t.expiredBody, {
          detail: leaving,
          primary: startAgain,
        });
      default:
        return nothing;
    }
  }

  private details(t: Translation, hidden: boolean) {
    const config = this.configTask.value as WidgetConfig | undefined;
    const product = this.product ? config?.products[this.product] : undefined;
    const price = this.session
      ? undefined
      : product
        ? { amount: product.amount, currency: product.currency }
        : this.amount && this.currency
          ? { amount: this.amount, currency: this.currency }
          : undefined;
    return html`
      ${
        price && !hidden
          ? html`<p part="total" class="total">
              <span>${product?.description ?? t.orderTotal}</span>
              <strong>${t.amountWithCurrency(formatAmount(price.amount, t.$code), price.currency)}</strong>
            </p>`
          : nothing
      }
      <crypto-pay-sender-form
        ?hidden=${hidden}
        exportparts=${FORM_PARTS}
        .t=${t}
        .currencies=${config?.payment_currencies ?? []}
        .serverIssue=${this.formIssue}
        ?busy=${this.createTask.status === TaskStatus.PENDING}
        @details-submit=${(event: CustomEvent<DetailsSubmit>) => this.onDetails(event.detail)}
      ></crypto-pay-sender-form>
    `;
  }
}
