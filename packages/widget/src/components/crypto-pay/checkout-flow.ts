/**
 * The checkout's life behind `<crypto-pay>`: load the configuration (and a session's price),
 * create the checkout once (or find it again), follow its status, and end it by telling the
 * page and going to the right address. It owns the element's tasks and status watcher; the
 * element only renders.
 */
import { initialState, Task, TaskStatus } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import { LazyWatcher } from '../../api/lazy-watcher.ts';
import {
  type Checkout,
  type CheckoutRequest,
  createCheckout,
  FINAL_STATUSES,
  fetchConfig,
  fetchSessionPrice,
  getCheckout,
  isSessionInvalid,
  isWebAddress,
  newIdempotencyKey,
  ProxyError,
  type SessionPrice,
  type WidgetConfig,
} from '../../api/proxy-api.ts';
import { CryptoPayCreatedEvent } from '../../events/created.ts';
import { CryptoPayErrorEvent } from '../../events/error.ts';
import { CryptoPayFailureEvent } from '../../events/failure.ts';
import { CryptoPayReadyEvent } from '../../events/ready.ts';
import { CryptoPayStatusEvent } from '../../events/status.ts';
import { CryptoPaySuccessEvent } from '../../events/success.ts';
import {
  forgetCheckoutId,
  loadCheckoutId,
  saveCheckoutId,
} from '../../utilities/checkout-storage.ts';
import type { checkOpenAmount, OpenAmountCheck } from '../../utilities/open-amount.ts';
import { formFieldOf } from '../sender-form/form-fields.ts';
import {
  type DetailsSubmit,
  type FieldIssue,
  loadRules,
} from '../sender-form/sender-form.component.ts';
import { canRetry, type ViewState, viewOf } from './crypto-pay.views.ts';

/** How soon a checkout that could not be read is read again (doubling each time). */
export const resumeRetry = { firstMs: 5000, maxMs: 60000 };

/** What the flow reads from the element: its attributes. */
export type CheckoutFlowHost = ReactiveControllerHost &
  HTMLElement & {
    proxy: string;
    product: string | undefined;
    session: string | undefined;
    amount: string | undefined;
    currency: string | undefined;
    network: string | undefined;
    mode: string;
    successUrl: string | undefined;
    failedUrl: string | undefined;
  };

/** The configuration, with the price of the element's session when it could be read. */
export type LoadedConfig = WidgetConfig & {
  sessionPrice?: SessionPrice | undefined;
  /** Loaded with the configuration when the price is an open amount. */
  checkOpenAmount?: typeof checkOpenAmount | undefined;
};

/** The fields that change what the element shows: each change asks it to render again. */
interface FlowState {
  checkout: Checkout | undefined;
  trouble: boolean;
  leaving: boolean;
  formIssue: FieldIssue | undefined;
  resumeId: string | undefined;
  dismissedError: unknown;
}

export class CheckoutFlow {
  /** The checkout as the proxy last reported it. */
  checkout: Checkout | undefined;
  /** Status checks keep failing (the customer is told, and may check now). */
  trouble = false;
  /** The page is on its way to another address. */
  leaving = false;
  /** A proxy refusal that names a form field, shown on that field. */
  formIssue: FieldIssue | undefined;
  /** The checkout being looked up (from `checkout` or sessionStorage), before it is known. */
  private resumeId: string | undefined;
  /** Whether `resumeId` came from sessionStorage rather than from the page. */
  private resumingStored = false;
  /** An error the customer has gone back from, so it no longer shows. */
  private dismissedError: unknown;
  /** The last request sent and its key: a retry of the same request reuses the key. */
  private lastRequest: { body: string; key: string } | undefined;
  private readonly watcher: LazyWatcher;
  private rereadTimer: ReturnType<typeof setTimeout> | undefined;
  private rereads = 0;
  readonly config: Task<readonly [string, boolean, string | undefined, boolean], LoadedConfig>;
  readonly resume: Task<readonly [string, string | undefined], Checkout>;
  readonly create: Task<[string, CheckoutRequest, string], Checkout>;

  constructor(
    private readonly host: CheckoutFlowHost,
    private readonly navigate: (url: string) => void,
  ) {
    this.watcher = new LazyWatcher(host, {
      checkout: (checkout) => this.onCheckout(checkout),
      trouble: (inTrouble) => this.set({ trouble: inTrouble }),
    });
    this.config = new Task(host, {
      // A checkout being resumed needs neither, and its session is used up by then anyway.
      // Nor does an element without a price, which shows its setup error instead.
      args: () =>
        [
          host.proxy,
          Boolean(this.resumeId || this.checkout || !this.priced),
          host.session,
          !host.session && !host.product,
        ] as const,
      task: async ([proxy, notNeeded, session, openAmount], { signal }) => {
        if (!proxy || notNeeded) return initialState;
        // All at once. Only a session that can no longer be used stops the customer; any
        // other trouble just leaves the price out, and the create will say if it matters.
        // An open amount is checked before the form shows, with the rules' chunk (the form
        // loads it anyway) holding the money helpers out of the first paint.
        const [config, sessionPrice, rules] = await this.reporting(
          Promise.all([
            fetchConfig(proxy, signal),
            session
              ? fetchSessionPrice(proxy, session, signal).catch((error) => {
                  if (isSessionInvalid(error)) throw error;
                  return undefined;
                })
              : undefined,
            openAmount ? loadRules() : undefined,
          ]),
        );
        host.dispatchEvent(new CryptoPayReadyEvent({}));
        return { ...config, sessionPrice, checkOpenAmount: rules?.checkOpenAmount };
      },
    });
    this.resume = new Task(host, {
      args: () => [host.proxy, this.resumeId] as const,
      task: ([proxy, id], { signal }) => this.find(proxy, id, signal),
    });
    this.create = new Task(host, {
      autoRun: false,
      task: async ([proxy, request, key], { signal }) =>
        this.created(proxy, await this.creating(createCheckout(proxy, request, key, signal))),
    });
  }

  /** Shows an existing checkout (the `checkout` attribute) instead of anything else. */
  resumeCheckout(id: string): void {
    this.watcher.stop();
    this.resumingStored = false;
    this.set({ checkout: undefined, resumeId: id });
  }

  /** On first render: finds the checkout this page made before a reload, if any. */
  resumeStored(): void {
    if (!this.host.proxy) return;
    this.resumingStored = true;
    this.set({ resumeId: loadCheckoutId(this.storageKey) });
  }

  /** The customer submitted valid details: create the checkout (once). */
  submit(details: DetailsSubmit): void {
    if (this.create.status === TaskStatus.PENDING) return;
    const { successUrl, failedUrl } = this.host;
    const request: CheckoutRequest = {
      ...this.price(),
      ...(details.paymentCurrency ? { payment_currency: details.paymentCurrency } : {}),
      sender_type: details.senderType,
      sender_data: details.senderData,
      ...(details.email ? { end_user_email: details.email } : {}),
      ...(successUrl ? { success_url: successUrl } : {}),
      ...(failedUrl ? { failed_url: failedUrl } : {}),
    };
    const body = JSON.stringify(request);
    // The same request keeps its key, so the proxy answers a retry with the same checkout.
    if (this.lastRequest?.body !== body) this.lastRequest = { body, key: newIdempotencyKey() };
    void this.create.run([this.host.proxy, request, this.lastRequest.key]);
    this.watcher.prefetch();
  }

  retryCreate(): void {
    const last = this.lastRequest;
    if (last) void this.create.run([this.host.proxy, JSON.parse(last.body), last.key]);
  }

  /** Leaves an error view for the form, with everything the customer typed. */
  dismissError(): void {
    this.set({ dismissedError: this.create.error });
  }

  checkNow(): void {
    this.watcher.checkNow();
  }

  /** Back to an empty start: no checkout kept, the form shown again. */
  startAgain(): void {
    this.watcher.stop();
    clearTimeout(this.rereadTimer);
    forgetCheckoutId(this.storageKey);
    this.set({
      checkout: undefined,
      resumeId: undefined,
      leaving: false,
      trouble: false,
      dismissedError: this.create.error,
    });
  }

  /** Everything that decides which view shows. */
  viewState(): ViewState {
    const error =
      this.create.status === TaskStatus.ERROR && this.create.error !== this.dismissedError
        ? this.create.error
        : undefined;
    return {
      proxy: this.host.proxy,
      priced: this.priced,
      amountRefused: this.amountRefused,
      checkout: this.checkout,
      mode: this.host.mode,
      leaving: this.leaving,
      resumeStatus: this.resumeId ? this.resume.status : undefined,
      configStatus: this.config.status,
      // A refusal naming a field stays on the form; anything else gets an error view.
      createError: formFieldOf((error as ProxyError | undefined)?.field) ? undefined : error,
    };
  }

  view() {
    return viewOf(this.viewState());
  }

  /** The proxy's rules on the page's open amount, once loaded with the configuration. */
  get openAmountCheck(): OpenAmountCheck | undefined {
    const { amount = '', currency = '' } = this.host;
    const config = this.config.value;
    // Only an open amount's configuration comes with its check.
    return config?.checkOpenAmount?.(config.open_amount, amount, currency);
  }

  /**
   * The page's open amount as the proxy will charge it (`12.5` as `12.50`), or `undefined`
   * when its rules refuse it. Until they are loaded (or for another price), the page's text.
   */
  get openAmount(): string | undefined {
    const check = this.openAmountCheck;
    if (!check) return this.host.amount;
    return 'accepted' in check ? check.accepted : undefined;
  }

  /** Why the proxy would refuse the open amount (see `OpenAmountCheck`). */
  private get amountRefused(): ViewState['amountRefused'] {
    const check = this.openAmountCheck;
    return check && 'refused' in check ? check.refused : undefined;
  }

  /** Whether the element names a price to create a checkout with. */
  get priced(): boolean {
    const { product, session, amount, currency } = this.host;
    return Boolean(product || session || (amount && currency));
  }

  private set(changes: Partial<FlowState>): void {
    Object.assign(this, changes);
    this.host.requestUpdate();
  }

  /** The sessionStorage slot of this element's checkout: one per proxy and price. */
  private get storageKey(): string {
    const { proxy, session, product, amount, currency, network } = this.host;
    const price = session
      ? `session=${session}`
      : product
        ? `product=${product}`
        : `amount=${amount}:${currency}:${network ?? ''}`;
    return `${proxy}#${price}`;
  }

  private price(): Pick<CheckoutRequest, 'product' | 'session' | 'amount' | 'currency'> {
    const { session, product, amount, currency = '', network } = this.host;
    if (session) return { session };
    if (product) return { product };
    return {
      ...(amount ? { amount } : {}),
      currency: network ? { iso: currency, network_name: network } : currency,
    };
  }

  /**
   * Reads a checkout to show again; one this tab remembered but the proxy forgot is dropped. One
   * that cannot be read now is read again by itself, ever less often: the customer may have
   * paid already, and a return page should show it once the proxy answers.
   */
  private async find(proxy: string, id: string | undefined, signal: AbortSignal) {
    clearTimeout(this.rereadTimer);
    if (!proxy || !id) return initialState;
    let read: Awaited<ReturnType<typeof getCheckout>>;
    try {
      read = await getCheckout(proxy, id, signal);
    } catch (error) {
      if (signal.aborted) throw error; // A newer read took over.
      const forgotten = error instanceof ProxyError && error.kind === 'not_found';
      if (!forgotten && canRetry(error)) this.rereadLater(proxy, id, error);
      if (!this.resumingStored || !forgotten) throw this.report(error);
      forgetCheckoutId(this.storageKey);
      this.set({ resumeId: undefined });
      return initialState;
    }
    const { checkout } = read;
    if (!checkout) throw new ProxyError('invalid_response', 'invalid_response', 'No body.');
    this.rereads = 0;
    this.resumeId = undefined;
    this.onCheckout(checkout);
    this.watcher.watch(proxy, checkout);
    this.host.dispatchEvent(new CryptoPayReadyEvent({}));
    return checkout;
  }

  /**
   * Reads a checkout that could not be read again, quietly (the error view stays as it is, and
   * the page is not told again): 5 s, doubling to a minute. Once it answers, the view follows.
   */
  private rereadLater(proxy: string, id: string, error: unknown): void {
    const backoff = Math.min(resumeRetry.firstMs * 2 ** this.rereads++, resumeRetry.maxMs);
    const asked = ((error as ProxyError).retryAfter ?? 0) * 1000;
    this.rereadTimer = setTimeout(
      () => {
        if (!this.host.isConnected) return;
        getCheckout(proxy, id, new AbortController().signal).then(
          () => void this.resume.run(),
          (again) => {
            const gone = again instanceof ProxyError && again.kind === 'not_found';
            if (gone || !canRetry(again))
              void this.resume.run(); // Show what it is now.
            else this.rereadLater(proxy, id, again);
          },
        );
      },
      Math.max(backoff, asked),
    );
  }

  /** Tells the page about a failure with `crypto-pay-error`, and hands the error back. */
  private report(error: unknown): unknown {
    if (error instanceof ProxyError) {
      const detail = { code: error.code, message: error.message };
      this.host.dispatchEvent(new CryptoPayErrorEvent(detail));
    }
    return error;
  }

  /** Passes a result through, reporting a failure on the way. */
  private async reporting<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw this.report(error);
    }
  }

  /** A creation, with a refusal that names a field sent back to that field of the form. */
  private async creating(work: Promise<Checkout>): Promise<Checkout> {
    this.set({ formIssue: undefined });
    try {
      return await this.reporting(work);
    } catch (error) {
      const field = error instanceof ProxyError ? formFieldOf(error.field) : undefined;
      if (field) this.set({ formIssue: { field, message: (error as ProxyError).message } });
      throw error;
    }
  }

  private created(proxy: string, checkout: Checkout): Checkout {
    this.lastRequest = undefined;
    saveCheckoutId(this.storageKey, checkout.id);
    const { id, payment_link } = checkout;
    this.host.dispatchEvent(new CryptoPayCreatedEvent({ id, payment_link }));
    this.onCheckout(checkout);
    this.watcher.watch(proxy, checkout);
    if (this.host.mode === 'redirect' && !FINAL_STATUSES.includes(checkout.status)) {
      this.set({ leaving: true });
      this.navigate(payment_link);
    }
    return checkout;
  }

  private onCheckout(checkout: Checkout): void {
    const previous = this.checkout;
    this.set({ checkout });
    if (previous?.id === checkout.id && previous.status === checkout.status) return;
    this.host.dispatchEvent(new CryptoPayStatusEvent({ id: checkout.id, status: checkout.status }));
    // Leave the page only for an ending seen here: a result page that resumes a finished
    // checkout must stay, or it would send the customer to itself again and again.
    const seenOpen = previous?.id === checkout.id && !FINAL_STATUSES.includes(previous.status);
    if (FINAL_STATUSES.includes(checkout.status)) this.finish(checkout, seenOpen);
  }

  /** The end: tell the page, then go to the matching address unless the page said no. */
  private finish(checkout: Checkout, leave: boolean): void {
    forgetCheckoutId(this.storageKey);
    const { id, status } = checkout;
    const paid = status === 'paid';
    // dispatchEvent answers false when the page called preventDefault().
    const proceed = paid
      ? this.host.dispatchEvent(new CryptoPaySuccessEvent({ id, status: 'paid' }))
      : this.host.dispatchEvent(
          new CryptoPayFailureEvent({ id, status: status as 'failed' | 'expired' }),
        );
    const target = paid
      ? (this.host.successUrl ?? checkout.success_url)
      : (this.host.failedUrl ?? checkout.failed_url);
    const address = target && resultAddress(target, id);
    if (leave && proceed && address && goesElsewhere(address)) {
      this.set({ leaving: true });
      this.navigate(address);
    }
  }
}

/**
 * Whether to go to a result address: only a web address (the proxy's could be anything if it
 * were compromised; `javascript:` would run), and not the page the element is on, which saw
 * the ending already (going to itself would only load it again). Pages differ by anything but
 * the checkout id: `?route=checkout/success` and `#/success` are pages of their own.
 */
function goesElsewhere(address: string): boolean {
  const withoutId = (href: string) => {
    const url = new URL(href);
    url.searchParams.delete('checkout');
    return url.href;
  };
  return isWebAddress(address) && withoutId(address) !== withoutId(location.href);
}

/**
 * The shop's result page, told which checkout to resume (`?checkout=<id>`) so it can show the
 * status the proxy verified. The id is unguessable and carries no status or personal data.
 */
export function resultAddress(target: string, checkoutId: string): string {
  const url = new URL(target, document.baseURI);
  url.searchParams.set('checkout', checkoutId);
  return url.href;
}
