/**
 * The checkout's life behind `<crypto-pay>`: load the configuration (`checkout-config.ts`),
 * create the checkout once (its request: `checkout-request.ts`, with the form's rules) or find it again
 * (`checkout-resume.ts`), follow its status, and end it (`checkout-end.ts`), taking the customer
 * on from the one tab that shows its result (`checkout-navigation.ts`, which the flow builds
 * on). It owns the element's tasks and status watcher; the element only renders.
 */
import { initialState, Task, TaskStatus } from '@lit/task';
import type { ReactiveControllerHost } from 'lit';
import type { WatcherListener } from '../../api/checkout-watcher.ts';
import { LazyWatcher } from '../../api/lazy-watcher.ts';
import {
  type CallOptions,
  type Checkout,
  FINAL_STATUSES,
  ProxyError,
} from '../../api/proxy-api.ts';
import type { Timing } from '../../api/timing.ts';
import { CryptoPayErrorEvent } from '../../events/error.ts';
import { CryptoPayReadyEvent } from '../../events/ready.ts';
import { CryptoPayStatusEvent } from '../../events/status.ts';
import { forgetCheckoutId } from '../../utilities/checkout-storage.ts';
import type { OpenAmountCheck } from '../../utilities/open-amount.ts';
import type { AmountChoiceSetup } from '../amount-choice/amount-choice-setup.ts';
import type { DetailsSubmit, FieldIssue } from '../sender-form/form-fields.ts';
import { loadRules } from '../sender-form/rules-part.ts';
import { loadConfig } from './checkout-config.ts';
import type * as Following from './checkout-following.ts';
import { CheckoutNavigation } from './checkout-navigation.ts';
import {
  chargedOpenAmount,
  isPriced,
  type LoadedConfig,
  offersAmountChoice,
  openAmountCheckOf,
  openAmountRefusalOf,
  refusedField,
  storageKeyOf,
} from './checkout-price.ts';
import type { CheckoutRequestHost, KeyedRequest } from './checkout-request.ts';
import { CheckoutResume } from './checkout-resume.ts';
import { type ViewState, viewOf } from './crypto-pay.views.ts';

/** What the flow reads from the element: its attributes, and its waits. */
export type CheckoutFlowHost = ReactiveControllerHost &
  HTMLElement &
  CheckoutRequestHost & { mode: string; timing: Timing };

/** The fields of the flow that change what the element shows. */
interface FlowState {
  checkout: Checkout | undefined;
  trouble: boolean;
  formIssue: FieldIssue | undefined;
  dismissedError: unknown;
}

export class CheckoutFlow extends CheckoutNavigation<FlowState> implements WatcherListener {
  /** The checkout as the proxy last reported it. */
  checkout: Checkout | undefined;
  /** Status checks keep failing (the customer is told, and may check now). */
  trouble = false;
  /** A proxy refusal that names a form field, shown on that field. */
  formIssue: FieldIssue | undefined;
  /** An error the customer has gone back from, so it no longer shows. */
  private dismissedError: unknown;
  /** The last request sent and its key: a retry of the same request reuses the key. */
  private lastRequest: KeyedRequest | undefined;
  declare protected readonly host: CheckoutFlowHost;
  private readonly watcher: LazyWatcher;
  /** Finding a checkout again (from `checkout` or sessionStorage), before it is known. */
  private readonly resuming: CheckoutResume;
  readonly config: Task<readonly [string, boolean, string | undefined, boolean], LoadedConfig>;
  readonly resume: CheckoutResume['task'];
  readonly create: Task<[string, KeyedRequest], Checkout>;

  constructor(host: CheckoutFlowHost, navigate: (url: string) => void, closeTab: () => void) {
    super(host, navigate, closeTab);
    // The watcher reports to the flow itself (`onCheckout`, `set`): no listener object to ship.
    this.watcher = new LazyWatcher(host, this);
    this.resuming = new CheckoutResume(host, {
      storageKey: () => storageKeyOf(this.host),
      follow: (proxy, checkout) => {
        this.follow(proxy, checkout);
        // Ready once the page heard what the checkout is (its status, and how it ended), as the
        // chunk that read it tells (it is there: the read came with it).
        this.watcher.withPart(() => host.dispatchEvent(new CryptoPayReadyEvent({})));
      },
      report: (error) => this.report(error),
    });
    this.resume = this.resuming.task;
    this.config = new Task(host, {
      // A checkout being resumed needs neither, and its session is used up by then anyway.
      // Nor does an element without a price, which shows its setup error instead. Loaded for the
      // form, it is kept through the checkout made there and back (the pay step's ways back): no
      // second read, no second `crypto-pay-ready`, no failure turning the kept form into an error.
      // A session's is read again after its checkout: the proxy then says it is used.
      args: () =>
        [
          host.proxy,
          !this.priced ||
            (!!(this.resuming.id || this.checkout) && !(this.config?.value && !host.session)),
          host.session,
          !host.session && !host.product,
        ] as const,
      task: ([proxy, notNeeded, session, openAmount], { signal }) =>
        !proxy || notNeeded
          ? initialState
          : this.reporting(loadConfig(host, proxy, session, openAmount, this.calling(signal))),
    });
    this.create = new Task(host, {
      autoRun: false,
      task: async ([proxy, request], { signal }) => {
        // The request's sending comes with the form's rules, there since the form submitted.
        const { createCheckout } = await loadRules();
        const sent = createCheckout(host, proxy, request, this.calling(signal));
        return this.created(proxy, await this.creating(sent));
      },
    });
  }

  /** Shows an existing checkout (the `checkout` attribute) instead of anything else. */
  resumeCheckout(id: string): void {
    this.watcher.stop();
    this.set({ checkout: undefined, elsewhere: false });
    this.place(id);
    this.resuming.lookUp(id);
  }

  /** On first render: finds the checkout this page made before a reload, if any. */
  resumeStored(): void {
    this.resuming.lookUpStored();
  }

  /**
   * The customer submitted valid details: create the checkout (once). The form checked them with
   * its rules, whose chunk brings the request too: loaded already, so it is there a microtask on.
   */
  async submit(details: DetailsSubmit): Promise<void> {
    const { keyedRequest } = await loadRules();
    if (this.create.status === TaskStatus.PENDING) return;
    this.lastRequest = keyedRequest(this.host, details, this.lastRequest);
    this.retryCreate();
    this.watcher.prefetch();
  }

  /** Sends the last request (again, on "Try again"): its key makes it one checkout. */
  retryCreate(): void {
    const last = this.lastRequest;
    if (last) void this.create.run([this.host.proxy, last]);
  }

  /** Leaves an error view for the form, with everything the customer typed. */
  dismissError(): void {
    this.set({ dismissedError: this.create.error });
  }

  checkNow(): void {
    this.watcher.checkNow();
  }

  /** Back to the start: no checkout kept (a reload finds none), the form shown again. */
  startAgain(): void {
    this.watcher.stop();
    this.resuming.stop();
    this.forgetPlace();
    forgetCheckoutId(storageKeyOf(this.host));
    this.set({
      checkout: undefined,
      leaving: false,
      trouble: false,
      elsewhere: false,
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
      amountRefused: openAmountRefusalOf(this.host, this.config.value),
      checkout: this.checkout,
      mode: this.host.mode,
      leaving: this.leaving,
      elsewhere: this.elsewhere,
      resumeStatus: this.resuming.id ? this.resume.status : undefined,
      configStatus: this.config.status,
      // A refusal naming a field stays on the form; anything else gets an error view.
      createError: refusedField(this.host, error) ? undefined : error,
    };
  }

  view() {
    return viewOf(this.viewState());
  }

  /** The amount choice's rules and presets, where the customer chooses the open amount. */
  get amountChoice(): AmountChoiceSetup | undefined {
    const config = this.config.value;
    // The attributes may have changed since the configuration (and the choice's chunk) loaded.
    if (!config || !offersAmountChoice(this.host)) return undefined;
    return config.amountChoiceOf?.(this.host, config);
  }

  /** The proxy's rules on the page's open amount, once loaded with the configuration. */
  get openAmountCheck(): OpenAmountCheck | undefined {
    return openAmountCheckOf(this.host, this.config.value);
  }

  /**
   * The page's open amount as the proxy will charge it (`12.5` as `12.50`), or `undefined`
   * when its rules refuse it. Until they are loaded (or for another price), the page's text.
   */
  get openAmount(): string | undefined {
    return chargedOpenAmount(this.host, this.config.value);
  }

  /** Whether the element names a price to create a checkout with. */
  get priced(): boolean {
    return isPriced(this.host);
  }

  /** How the flow's requests are sent: cancelled with their task, within the timeout. */
  private calling(signal: AbortSignal): CallOptions {
    return { signal, timeoutMs: this.host.timing.requestTimeoutMs };
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
      const field = refusedField(this.host, error);
      const { message, code } = error as ProxyError;
      if (field) this.set({ formIssue: { field, message, rule: code } });
      throw error;
    }
  }

  /** The checkout made, saved and told to the page already (`createCheckout`): followed. */
  private created(proxy: string, checkout: Checkout): Checkout {
    this.lastRequest = undefined;
    this.follow(proxy, checkout, true);
    if (this.host.mode === 'redirect' && !FINAL_STATUSES.includes(checkout.status)) {
      this.leave(checkout.payment_link);
    }
    return checkout;
  }

  /** Shows a checkout created (`started`) or found again, and follows its status. */
  private follow(proxy: string, checkout: Checkout, started = false): void {
    if (this.elsewhere) return;
    this.place(checkout.id, started);
    this.onCheckout(checkout);
    this.watcher.watch(proxy, checkout);
  }

  giveWay(): void {
    this.watcher.stop();
  }

  protected withFollowing(use: (part: typeof Following) => void): void {
    this.watcher.withPart(use);
  }

  /**
   * The shop's address for how `checkout` ended (the failure view's "Back to the shop"), once
   * the chunk that knows it is there: it was fetched as the checkout was first read.
   */
  endAddress(checkout: Checkout): string | undefined {
    return this.watcher.part?.endAddress(this.host, checkout);
  }

  /** What the watcher reports: every checkout the proxy told of (`WatcherListener`). */
  onCheckout(checkout: Checkout): void {
    if (this.elsewhere) return;
    const previous = this.checkout;
    this.set({ checkout });
    // The page hears a new status at once, before the customer may leave (redirect mode) and
    // whether or not the chunk below comes.
    if (previous?.id !== checkout.id || previous.status !== checkout.status) {
      this.host.dispatchEvent(
        new CryptoPayStatusEvent({ id: checkout.id, status: checkout.status }),
      );
    }
    // What the status means (the page's events, where to go) comes with the following chunk;
    // not for a checkout left since (a new start, another tab showing the result).
    this.watcher.withPart(({ statusRead }) => {
      if (this.elsewhere || this.checkout?.id !== checkout.id) return;
      const address = statusRead(this.host, previous, checkout);
      if (address) this.leave(address);
    });
  }
}
