/** `<crypto-pay>`: the checkout element, from the customer's details to the payment's end. */
import { TaskStatus } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { property, query } from 'lit/decorators.js';
import { ignore, loadPart, servePartsFrom } from '../../api/parts.ts';
import { isSessionInvalid, ProxyError } from '../../api/proxy-api.ts';
import { defaultTiming, type Timing } from '../../api/timing.ts';
import { CryptoPayErrorEvent } from '../../events/error.ts';
import { LocalizeController, wholeOf } from '../../localize/localize.ts';
import type { EarlyTranslation, Translation } from '../../localize/translation.ts';
import controls from '../../styles/controls.styles.ts';
import tokens from '../../styles/tokens.styles.ts';
import { formatAmount } from '../../utilities/format.ts';
import type { ResultTone } from '../result-view/result-view.component.ts';
import '../result-view/result-view.ts';
import type { DetailsSubmit } from '../sender-form/sender-form.component.ts';
import '../sender-form/sender-form.ts';
import { endAddress } from './checkout-end.ts';
import { CheckoutFlow } from './checkout-flow.ts';
import styles from './crypto-pay.styles.ts';
import { canRetry, errorDetail, errorSentence, headingOf, type View } from './crypto-pay.views.ts';
import { RetryWait } from './retry-wait.ts';

/**
 * The pay step's panel comes in its own chunk, fetched while the create is on its way (or a
 * checkout resumes), one fetch at a time for the page: the element that asked reports a failure.
 * Until it is there the step shows the plain link to the payment page, so a chunk that is slow
 * or fails to load never hides where to pay.
 */
let panelLoading: Promise<unknown> | undefined;
/** The panel's chunk once loaded: it also brings what the views after the pay step say. */
let panelPart: typeof import('../payment-panel/payment-panel.ts') | undefined;
/**
 * The panel's chunk did not load the last time it was asked for: the views after the pay step
 * show without it, a result with its heading and next step.
 */
let panelFailed = false;
const loadPanel = (host: HTMLElement) =>
  (panelLoading ??= loadPart(host, import('../payment-panel/payment-panel.ts')).then(
    (part) => {
      panelPart = part;
    },
    (error) => {
      panelFailed = true;
      panelLoading = undefined;
      throw error;
    },
  ));

/** Views that need the panel's chunk: the pay step, and those that may come next. */
const PANEL_VIEWS: readonly View[] = ['pay', 'checking', 'paid', 'failed', 'expired', 'elsewhere'];
/**
 * Views that read in words only the panel's chunk brings English (or its ending, in any language):
 * "checking" stands in until it is there, or until it failed to load.
 */
const AFTER_PAY: readonly View[] = ['redirect', 'paid', 'failed', 'expired', 'elsewhere'];

/** Sentences side by side, the empty ones left out. */
const joined = (...sentences: string[]) => sentences.filter(Boolean).join(' ');

/** Every part of the sub-views, passed through so `crypto-pay::part(...)` reaches them. */
const FORM_PARTS =
  'form,sender-type,field,label,input,hint,error,country-search,country-list,submit-button,currency-list,currency-option,amount-presets,amount-preset';
const PANEL_PARTS = 'amount,pay-with,link-button,qr,link,copy-button,countdown,status';
const RESULT_PARTS = 'result,message,primary-button,secondary-button';

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
  /**
   * Preset amounts the customer chooses from, beside an "other amount" field, whitespace-separated
   * (`5.00 20.00 50.00`); else the proxy's `open_amount.presets`. With `currency` and no `amount`
   * the element offers that choice anyway; `amount` is then the one chosen at first.
   */
  @property() amounts: string | undefined;
  /** Currency of `amount`, e.g. `EUR`; alone, the customer chooses the amount. */
  @property() currency: string | undefined;
  /** Network of `currency` when that is a crypto token, e.g. `tron`. */
  @property() network: string | undefined;
  /** Id of an existing checkout to show (the return page after a redirect). */
  @property({ attribute: 'checkout' }) checkoutId: string | undefined;
  /** `link`: button, QR code and copy on this page; `redirect`: go to the payment page. */
  @property() mode: 'link' | 'redirect' = 'link';
  /**
   * Language: a BCP 47 tag (`de`, `pt-BR`, `zh-TW`) matched to one of the shipped languages; else
   * the page's `lang`, else the browser's.
   */
  @property() locale: string | undefined;
  /** Where to send the customer after a payment (else the proxy's address for it). */
  @property({ attribute: 'success-url' }) successUrl: string | undefined;
  /** Where to send the customer after a failed or expired payment (else the proxy's). */
  @property({ attribute: 'failed-url' }) failedUrl: string | undefined;
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
  private readonly retryWait = new RetryWait(this);
  private shownView: View | undefined;
  private shownRefusal: string | undefined;
  private interacted = false;
  @query('[part="heading"]') private heading!: HTMLElement;

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
    this.shownView = view;
    // Focus follows the journey once the customer is in it; a page load never steals it.
    if (!first && this.interacted) this.heading?.focus();
  }

  /** Why the element cannot take a payment as set up, for `crypto-pay-error`. */
  private refusalOf(view: View): { code: string; message: string } | undefined {
    if (view !== 'misconfigured' && view !== 'amount-refused') return undefined;
    if (!this.proxy) return { code: 'proxy_missing', message: 'The proxy attribute is missing.' };
    const check = this.flow.openAmountCheck;
    if (view === 'amount-refused' && check && 'message' in check) {
      return { code: 'amount_invalid', message: check.message };
    }
    return this.flow.priced
      ? { code: 'amount_invalid', message: 'The proxy takes no open amount in this currency.' }
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

  /** Back to an empty start, also on a return page that named a checkout. */
  private startAgain(): void {
    this.checkoutId = undefined;
    this.flow.startAgain();
  }

  override render() {
    const t = this.localize.translation;
    const whole = panelPart && wholeOf(t);
    const next = this.flow.view();
    const view = !whole && !panelFailed && AFTER_PAY.includes(next) ? 'checking' : next;
    // Only an error view waits before its "Try again"; leaving it ends the countdown.
    if (!view.endsWith('-error')) this.retryWait.stop();
    return html`
      <div part="base" class="base" lang=${t.$code} dir=${t.$dir}>
        <h2 part="heading" tabindex="-1">${headingOf(view, t)}</h2>
        ${
          view === 'details' || view === 'create-error'
            ? // One template for both, so the form (and what the customer typed) survives an
              // error view and its "Back".
              html`${view === 'create-error' ? this.body(view, t, whole) : nothing}
              ${this.details(t, view === 'create-error')}`
            : this.body(view, t, whole)
        }
      </div>
    `;
  }

  private result(
    tone: ResultTone,
    message: string,
    options: {
      detail?: string;
      /** The proxy's explanations are English, whatever the customer's language. */
      detailLang?: string;
      note?: string;
      primary?: [string, () => void, boolean?];
      secondary?: [string, () => void];
    } = {},
  ) {
    const { detail = '', detailLang = '', note = '', primary, secondary } = options;
    // The result view puts its sentence in a live region, so a screen reader hears each change.
    return html`
      <crypto-pay-result
        exportparts=${RESULT_PARTS}
        tone=${tone}
        message=${message}
        detail=${detail}
        detail-lang=${detailLang}
        note=${note}
        primary-label=${primary?.[0] ?? ''}
        ?primary-disabled=${primary?.[2]}
        secondary-label=${secondary?.[0] ?? ''}
        @result-action=${(event: CustomEvent<'primary' | 'secondary'>) =>
          (event.detail === 'primary' ? primary : secondary)?.[1]()}
      ></crypto-pay-result>
    `;
  }

  /**
   * `whole` is the translation once the panel's chunk brought English's later messages and the
   * ending's sentences: until then the pay step shows its plain link (the others wait as "checking").
   */
  private body(view: View, t: EarlyTranslation, whole: Translation | undefined) {
    const { flow } = this;
    const checkout = flow.checkout;
    const leaving = flow.leaving ? (whole?.leavingToShop ?? '') : '';
    const ending =
      whole && panelPart && checkout
        ? panelPart.endingOf(checkout, whole)
        : { message: '', money: '' };
    // A new checkout needs a price: a return page's element has only the checkout to show.
    const startAgain: [string, () => void] | undefined = flow.priced
      ? [t.startAgain, () => this.startAgain()]
      : undefined;
    const retry = (error: unknown, run: () => void) =>
      canRetry(error) ? this.retryWait.action(error, t, run) : {};
    switch (view) {
      case 'misconfigured':
        return this.result('error', t.errorMisconfigured);
      case 'amount-refused': {
        // The page can write it otherwise or choose another (or offer the amount choice).
        const config = flow.config.value!;
        const sentence = config.refusalSentence!;
        return this.result(
          'error',
          sentence(flow.openAmountCheck!, config.open_amount!, this.currency ?? '', t),
        );
      }
      case 'loading':
        return this.result('progress', t.loading);
      case 'checking':
        return this.result('progress', t.checkingStatus);
      case 'config-error':
        return this.result('error', errorSentence(flow.config.error, t), {
          detail: errorDetail(flow.config.error),
          detailLang: 'en',
          ...retry(flow.config.error, () => void flow.config.run()),
        });
      case 'create-error':
        return this.result('error', errorSentence(flow.create.error, t), {
          detail: errorDetail(flow.create.error),
          detailLang: 'en',
          ...retry(flow.create.error, () => flow.retryCreate()),
          // The form would only meet a used session's refusal again: back to the shop instead.
          ...(isSessionInvalid(flow.create.error)
            ? {}
            : { secondary: [t.back, () => flow.dismissError()] }),
        });
      case 'resume-error': {
        const error = flow.resume.error;
        const notFound = error instanceof ProxyError && error.kind === 'not_found';
        // Only an unknown checkout may be replaced: one the proxy cannot read now may be paid
        // already, and starting again could take a second payment.
        return this.result('error', errorSentence(error, t), {
          ...(notFound ? {} : retry(error, () => void flow.resume.run())),
          ...(startAgain && notFound ? { primary: startAgain } : {}),
        });
      }
      case 'pay':
        // Until the panel's chunk is there: its link, as the panel opens it (a new tab).
        if (!whole) {
          return html`<a
            class="button"
            href=${checkout?.payment_link ?? ''}
            target="_blank"
            rel="noopener noreferrer"
            >${t.openPaymentPage}<span class="visually-hidden"> ${t.opensInNewTab}</span></a
          >`;
        }
        return html`
          <crypto-pay-payment-panel
            exportparts=${PANEL_PARTS}
            .t=${whole}
            .locale=${this.localize.formatLocale}
            .checkout=${checkout}
            ?trouble=${flow.trouble}
            @check-now=${() => flow.checkNow()}
            @expiry-reached=${() => flow.checkNow()}
          ></crypto-pay-payment-panel>
          <p class="visually-hidden" role="status" aria-live="polite">
            ${checkout?.status === 'processing' ? whole.statusProcessing : whole.statusCreated}
          </p>
        `;
      case 'redirect':
        return html`${this.result('progress', whole?.redirectBody ?? '')}
          <a class="button" href=${checkout?.payment_link ?? ''}>${t.openPaymentPage}</a>`;
      case 'paid':
        return this.result('success', ending.message, { detail: joined(ending.money, leaving) });
      case 'failed':
      case 'expired': {
        // Next steps: a new payment where the element has a price, or the shop's failure page
        // (unless the page is already going there, or is it).
        const back = flow.leaving ? undefined : endAddress(this, checkout!);
        return this.result('failure', ending.message, {
          detail: joined(ending.money, leaving),
          ...(startAgain ? { primary: startAgain } : {}),
          ...(back && whole ? { secondary: [whole.backToShop, () => this.navigate(back)] } : {}),
        });
      }
      case 'elsewhere':
        return this.result('info', whole?.elsewhereBody ?? '');
      default:
        return nothing;
    }
  }

  private details(t: EarlyTranslation, hidden: boolean) {
    const { flow } = this;
    const config = flow.config.value;
    const session = config?.sessionPrice;
    const product = this.product ? config?.products[this.product] : undefined;
    // A session's price is only known once the proxy told it (it may not have).
    const price = this.session
      ? session && { ...session, currency: session.currency.iso }
      : (product ??
        (flow.openAmount && this.currency
          ? { currency: this.currency, amount: flow.openAmount }
          : undefined));
    return html`
      ${
        price && !hidden
          ? html`<p part="total" class="total">
              <span>${price.description ?? t.orderTotal}</span>
              <strong>${t.amountWithCurrency(formatAmount(price.amount, t), price.currency)}</strong>
            </p>`
          : nothing
      }
      <crypto-pay-sender-form
        ?hidden=${hidden}
        exportparts=${FORM_PARTS}
        .t=${t}
        .currencies=${config?.payment_currencies ?? []}
        .serverIssue=${flow.formIssue}
        .amountChoice=${flow.amountChoice}
        ?busy=${flow.create.status === TaskStatus.PENDING}
        @details-submit=${(event: CustomEvent<DetailsSubmit>) => {
          loadPanel(this).catch(ignore);
          flow.submit(event.detail);
        }}
      ></crypto-pay-sender-form>
    `;
  }
}
