/**
 * What `<crypto-pay>` shows under each view's heading: the details form (with the order total),
 * the error views and their retries, the pay step (the panel, or its plain link until the
 * panel's chunk is there) and the views of the end.
 */
import { TaskStatus } from '@lit/task';
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { ignore, loadPart } from '../../api/parts.ts';
import { isSessionInvalid, ProxyError } from '../../api/proxy-api.ts';
import type { LocalizeController } from '../../localize/localize.ts';
import type { EarlyTranslation, Translation } from '../../localize/translation.ts';
import { formatAmount } from '../../utilities/format.ts';
import { resultView as result } from '../result-view/result-view.ts';
import type { DetailsSubmit } from '../sender-form/form-fields.ts';
import '../sender-form/sender-form.ts';
import type { CheckoutEndHost } from './checkout-end.ts';
import type { CheckoutFlow } from './checkout-flow.ts';
import { offersAmountChoice, type PriceHost } from './checkout-price.ts';
import { canRetry, errorDetail, errorSentence, type View } from './crypto-pay.views.ts';
import { type Ending, loadPanel, panelPart } from './panel-part.ts';
import type { RetryAction, RetryWait } from './retry-wait.ts';

/** Sentences side by side, the empty ones left out. */
const joined = (...sentences: string[]) => sentences.filter(Boolean).join(' ');

/** Every part of the sub-views, passed through so `crypto-pay::part(...)` reaches them. */
const FORM_PARTS =
  'form,sender-type,field,label,input,hint,error,country-search,country-list,submit-button,currency-list,currency-option,amount-presets,amount-preset';

/**
 * What the views read from the element: its price, mode, result addresses and the checkout it
 * names.
 */
export type ViewContentHost = ReactiveControllerHost &
  CheckoutEndHost &
  PriceHost & { checkoutId: string | undefined; mode: 'link' | 'redirect' };

export class ViewContent {
  /**
   * The wait the proxy asked for before an error view's "Try again" (`retry-wait.ts`), a chunk
   * fetched the first time it asks: the proxy that answered is there to serve it.
   */
  private retryWait: RetryWait | undefined;
  private waitLoading = false;
  /**
   * The view the form stays under, hidden: the pay step of a checkout it made, so "Choose another
   * currency" finds it as the customer left it. "Cancel payment" (the pay step's chunk) unsets it
   * for a render, so the start after it gets a new, empty one.
   */
  formUnder?: View;
  /** The error whose wait's chunk did not load: its "Try again" is offered at once instead. */
  private waitFailed: unknown;

  constructor(
    readonly host: ViewContentHost,
    readonly flow: CheckoutFlow,
    readonly localize: LocalizeController,
  ) {}

  /**
   * `whole` is the translation once its later messages are there (English's from `en-later`) and
   * the panel's chunk with the ending's sentences: until then the pay step shows its plain link
   * (the others wait as "checking").
   */
  render(view: View, t: EarlyTranslation, whole: Translation | undefined) {
    // Only an error view waits before its "Try again"; leaving it ends the countdown.
    if (!view.endsWith('-error')) this.retryWait?.stop();
    // While the configuration loads the form shows already (its skeleton), unless the amount
    // choice, which comes with it, would then push the form down.
    const withSkeleton = !offersAmountChoice(this.host);
    const skeleton = view === 'loading' && withSkeleton;
    // The configuration's failure keeps the skeleton (hidden): "Try again" brings back what was
    // typed in it, and a Continue pressed there stays queued.
    // So does the pay step of a checkout made here: "Choose another currency" goes back to the
    // form as the customer left it.
    const kept =
      view === 'create-error' ||
      (view === 'config-error' && withSkeleton) ||
      view === this.formUnder;
    return view === 'details' || kept || skeleton
      ? // One template for all of them, so the form (and what the customer typed) survives the
        // configuration's arrival, an error view and its "Back".
        html`${kept ? this.body(view, t, whole) : nothing}
        ${this.details(t, kept, skeleton || view === 'config-error')}`
      : this.body(view, t, whole);
  }

  /** Back to the start, also on a return page that named a checkout (and the pay step's ways back). */
  startAgain(): void {
    this.host.checkoutId = undefined;
    this.flow.startAgain();
  }

  private body(view: View, t: EarlyTranslation, whole: Translation | undefined) {
    const { flow } = this;
    const checkout = flow.checkout;
    const leaving = flow.leaving ? (whole?.leavingToShop ?? '') : '';
    // With the panel's chunk: how the checkout ended, and the reference the customer quotes to
    // the shop wherever the checkout is known (also one the proxy could not be asked about).
    const ending: Ending =
      whole && panelPart
        ? panelPart.endingOf(whole, checkout, this.host.checkoutId)
        : { message: '', money: '' };
    // A new checkout needs a price: a return page's element has only the checkout to show.
    const startAgain: [string, () => void] | undefined = flow.priced
      ? [t.startAgain, () => this.startAgain()]
      : undefined;
    const retry = (error: unknown, run: () => void) =>
      canRetry(error) ? this.retryAction(error, t, run) : {};
    switch (view) {
      case 'misconfigured':
        return result('error', t.errorMisconfigured);
      case 'amount-refused': {
        // The page can write it otherwise or choose another (or offer the amount choice).
        const config = flow.config.value!;
        const sentence = config.refusalSentence!;
        return result(
          'error',
          sentence(flow.openAmountCheck!, config.open_amount!, this.host.currency ?? '', t),
        );
      }
      case 'loading':
        return result('progress', t.loading);
      case 'checking':
        return result('progress', t.checkingStatus);
      case 'config-error':
        return result('error', errorSentence(flow.config.error, t), {
          detail: errorDetail(flow.config.error),
          detailLang: 'en',
          ...retry(flow.config.error, () => void flow.config.run()),
        });
      case 'create-error':
        return result('error', errorSentence(flow.create.error, t), {
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
        return result('error', errorSentence(error, t), {
          // One the proxy cannot read now may be paid: its reference, for the customer to ask.
          ...(notFound
            ? {}
            : { ...retry(error, () => void flow.resume.run()), reference: ending.reference }),
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
        // The panel's template comes with its chunk (which `whole` says is there).
        return panelPart!.payView(whole, this);
      case 'redirect':
        return html`${result('progress', whole?.redirectBody ?? '')}
          <a class="button" href=${checkout?.payment_link ?? ''}>${t.openPaymentPage}</a>`;
      case 'paid':
        return result('success', ending.message, {
          detail: joined(ending.money, leaving),
          reference: ending.reference,
        });
      case 'failed':
      case 'expired': {
        // Next steps: a new payment where the element has a price, or the shop's failure page
        // (unless the page is already going there, or is it).
        const back = flow.leaving ? undefined : flow.endAddress(checkout!);
        return result('failure', ending.message, {
          detail: joined(ending.money, leaving),
          reference: ending.reference,
          ...(startAgain ? { primary: startAgain } : {}),
          ...(back && whole ? { secondary: [whole.backToShop, () => flow.navigate(back)] } : {}),
        });
      }
      case 'elsewhere':
        return result('info', whole?.elsewhereBody ?? '', { reference: ending.reference });
      default:
        return nothing;
    }
  }

  /**
   * An error view's "Try again": at once, unless the proxy asked to wait. Then held back until
   * the countdown's chunk is there (it counts from then: a wait never shorter than asked), or
   * offered at once should the chunk not load (the page heard which), or once the wait asked
   * for ended should it stall.
   */
  private retryAction(error: unknown, t: EarlyTranslation, run: () => void): Partial<RetryAction> {
    if (this.retryWait) return this.retryWait.action(error, t, run);
    if (!(error as ProxyError).retryAfter || this.waitFailed === error) {
      return { primary: [t.retry, run] };
    }
    if (!this.waitLoading) {
      this.waitLoading = true;
      const { host } = this;
      // No longer than the wait asked for: a chunk that stalls leaves "Try again" on once it ends.
      const waited = new Promise<void>((resolve) => {
        setTimeout(resolve, (error as ProxyError).retryAfter! * 1000);
      });
      Promise.race([
        loadPart(host, import('./retry-wait.ts')).then(
          (part) => {
            if (this.waitFailed !== error) this.retryWait = new part.RetryWait(host);
          },
          () => {
            this.waitFailed = error;
          },
        ),
        waited.then(() => {
          if (!this.retryWait) this.waitFailed = error;
        }),
      ]).finally(() => {
        this.waitLoading = false;
        host.requestUpdate();
      });
    }
    return { primary: [t.retry, run, true] };
  }

  /** The details step: the order total above the form, unless an error view shows instead. */
  private details(t: EarlyTranslation, hidden: boolean, loading = false) {
    const { flow, host } = this;
    const config = flow.config.value;
    const session = config?.sessionPrice;
    const product = host.product ? config?.products[host.product] : undefined;
    // A session's price is only known once the proxy told it (it may not have).
    const price = host.session
      ? session && { ...session, currency: session.currency.iso }
      : (product ??
        (flow.openAmount && host.currency
          ? { currency: host.currency, amount: flow.openAmount }
          : undefined));
    return html`
      ${
        price && !hidden
          ? html`<p part="total" class="total">
              <span>${price.description ?? t.orderTotal}</span>
              <strong>${t.amountWithCurrency(formatAmount(price.amount, t), price.currency)}</strong>
            </p>`
          : loading && !hidden
            ? // The total's line, held for it until the proxy tells the price.
              html`<p part="total" class="total" aria-hidden="true"><span class="placeholder"></span></p>`
            : nothing
      }
      <crypto-pay-sender-form
        ?hidden=${hidden}
        ?loading=${loading}
        exportparts=${FORM_PARTS}
        .t=${t}
        .currencies=${config?.payment_currencies ?? []}
        .serverIssue=${flow.formIssue}
        .amountChoice=${flow.amountChoice}
        ?busy=${flow.create.status === TaskStatus.PENDING}
        @details-submit=${(event: CustomEvent<DetailsSubmit>) => {
          loadPanel(host).catch(ignore);
          this.formUnder = 'pay';
          void flow.submit(event.detail);
        }}
      ></crypto-pay-sender-form>
    `;
  }
}
