/**
 * `<cp-payment>`: one payment: what was due and in what it was paid, its pricing, its status in
 * words (underpaid, late, overpaid), what the customer read in the widget, who tells the customer
 * how to get money back, what the shop may have to send back and what it sent back already, and
 * the timeline of everything that happened to it, each webhook event with its deliveries per
 * endpoint and Redeliver buttons (to an endpoint it failed at, or to every endpoint once asked).
 */

import type { PaymentRequestCallback, ServiceCurrencyRef } from '@crypto-pay/protocol';
import {
  codeOfCurrency,
  MAX_PAGE_SIZE,
  REFUND_VOID_STATUSES,
} from '@crypto-pay/protocol/merchant-rules';
import { groupReference } from '@crypto-pay/protocol/reference';
import { endingOf, enLater } from '@crypto-pay/widget/customer-wording';
import { initialState, Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Action } from '../action.ts';
import { ApiFailure, api } from '../api.ts';
import {
  formatAmount,
  formatCurrency,
  formatTime,
  paymentAmounts,
  statusWords,
} from '../format.ts';
import { pagePath } from '../list-query.ts';
import { paymentsListHref, routeHref } from '../router.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { dataTable } from '../table.ts';
import {
  type Account,
  allows,
  type MerchantCheckout,
  type MoneyOperation,
  type Page,
  type StoredCallback,
  type Timeline,
  type WebhookEndpoint,
} from '../types.ts';
import { copyText, errorText, outsideLink, reload, whenLoaded } from '../ui.ts';
import { type RedeliverEvent, redeliverEvent, sendAgain } from './redeliver-event.ts';
import './timeline-view.ts';

const t = strings.payment;

/** What a payment request's callback reports of the money. */
type PaymentCallbackMoney = Pick<
  PaymentRequestCallback,
  'payment_request_amount' | 'currency_sent'
>;

/** What the widget showed the customer at this status, in its own words. */
function customerTold(checkout: MerchantCheckout): string[] {
  if (checkout.status === 'created') return [enLater.statusCreated];
  if (checkout.status === 'processing') return [enLater.statusProcessing];
  const { message, money } = endingOf(checkout, enLater);
  return money ? [message, money] : [message];
}

@customElement('cp-payment')
export class Payment extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  @property({ attribute: false }) checkoutId = '';
  /** What the last copy of the id did (a live region). */
  @state() private copied = '';

  private readonly checkout = new Task(this, {
    task: async ([id], { signal }) => {
      const checkout = await api<MerchantCheckout>(`/admin/checkouts/${encodeURIComponent(id)}`, {
        signal,
      });
      const query = new URLSearchParams({
        type: 'payment_request',
        foreign_id: checkout.foreign_id,
      });
      // The payment shows without its callbacks (only what was due and sent, and what to send
      // back, need them), but their failure to load is said, not hidden as if there were none.
      const callbacks = await api<{ data: StoredCallback[] }>(`/admin/callbacks?${query}`, {
        signal,
      }).then(
        (answer) => ({ data: answer.data }),
        (error: unknown) => {
          if (signal.aborted) throw error;
          return { data: [], problem: errorText(error) };
        },
      );
      const amounts = reportedAmounts(callbacks.data);
      return { checkout, callbacks, amounts, refund: refundOf(checkout, amounts) };
    },
    args: () => [this.checkoutId] as const,
  });

  private readonly timeline = new Task(this, {
    task: ([id], { signal }) =>
      api<Timeline>(`/admin/checkouts/${encodeURIComponent(id)}/timeline`, { signal }),
    args: () => [this.checkoutId] as const,
  });

  /**
   * The endpoints only say how many a redelivery to every endpoint reaches: without them the
   * timeline still shows, its Redeliver saying "every endpoint" without a number. Read once: a
   * redelivery, which reloads the timeline, changes none of them.
   */
  private readonly endpoints = new Task(this, {
    task: (_args, { signal }) =>
      api<{ data: WebhookEndpoint[] }>('/admin/webhook-endpoints', { signal }).then(
        (answer) => answer.data,
        () => undefined,
      ),
    args: () => [],
  });

  /**
   * The withdrawals that sent this payment's money back: one is never offered twice. Asked only
   * once the payment is known to be one the shop may send money back for: a checkout never paid
   * has nothing to send back, so nothing to ask for.
   */
  private readonly refunds = new Task(this, {
    task: ([id, mayHaveRefunds], { signal }) =>
      mayHaveRefunds
        ? api<Page<MoneyOperation>>(
            pagePath('/admin/money-operations', { refund_of: id }, undefined, MAX_PAGE_SIZE),
            { signal },
          )
        : initialState,
    args: () => {
      const loaded = this.checkout.value;
      const mayHaveRefunds =
        loaded?.checkout.id === this.checkoutId &&
        loaded.refund.sendBack !== undefined &&
        loaded.amounts !== undefined;
      return [this.checkoutId, mayHaveRefunds] as const;
    },
  });

  private readonly action = new Action(this, () => reload(this.timeline));

  /** Copies the id itself (the heading groups it for reading aloud); says so, or shows it. */
  private async copyId(id: string): Promise<void> {
    this.copied = '';
    this.copied = (await copyText(id)) ? t.copied : t.copyFailed(id);
  }

  override render() {
    return html`<p><a href=${paymentsListHref()}>${t.back}</a></p>
      ${whenLoaded(
        this.checkout,
        ({ checkout, callbacks, amounts, refund }) =>
          this.renderPayment(checkout, callbacks, amounts, refund),
        (error) =>
          html`<h1>${t.heading(groupReference(this.checkoutId))}</h1>
            <p class="error" role="alert">
              ${error instanceof ApiFailure && error.status === 404 ? t.notFound : errorText(error)}
            </p>`,
      )}`;
  }

  private renderPayment(
    checkout: MerchantCheckout,
    callbacks: { data: StoredCallback[]; problem?: string },
    amounts: PaymentAmounts,
    refund: Refund,
  ) {
    const detail = checkout.status_detail;
    return html`<h1>${t.heading(groupReference(checkout.id))}</h1>
      <p class="fields">
        <button class="secondary" @click=${() => this.copyId(checkout.id)}>${t.copyId}</button>
        <span role="status">${this.copied}</span>
      </p>
      ${
        callbacks.problem
          ? html`<p class="error" role="alert">${t.callbacksUnavailable} ${callbacks.problem}</p>`
          : nothing
      }
      <h2>${t.summary}</h2>
      <dl class="facts">
        <dt>${t.amount}</dt>
        <dd>${formatAmount(checkout.amount, checkout.currency)}</dd>
        <dt>${t.paidIn}</dt>
        <dd>${checkout.payment_currency ? formatCurrency(checkout.payment_currency) : t.notChosen}</dd>
        ${
          amounts
            ? html`<dt>${t.dueIn(amounts.currency.iso)}</dt>
              <dd>${formatAmount(amounts.due, amounts.currency)}</dd>
              <dt>${t.sent}</dt>
              <dd>${formatAmount(amounts.sent, amounts.currency)}</dd>
              ${
                amounts.difference
                  ? html`<dt>${amounts.difference.direction === 'short' ? t.shortBy : t.overBy}</dt>
                    <dd>${formatAmount(amounts.difference.amount, amounts.currency)}</dd>`
                  : nothing
              }`
            : nothing
        }
        <dt>${t.pricing}</dt>
        <dd>${checkout.product ? t.withProduct(strings.pricingModes[checkout.pricing], checkout.product) : strings.pricingModes[checkout.pricing]}</dd>
        <dt>${t.status}</dt>
        <dd>${statusWords(checkout.status)}</dd>
        <dt>${t.detail}</dt>
        <dd>${detail ? strings.details[detail] : strings.details.none}</dd>
        ${checkout.stale_since ? html`<dt>${t.stale}</dt><dd>${formatTime(checkout.stale_since)}</dd>` : nothing}
        <dt>${t.created}</dt>
        <dd>${formatTime(checkout.created_at)}</dd>
        <dt>${t.updated}</dt>
        <dd>${formatTime(checkout.updated_at)}</dd>
        <dt>${t.expires}</dt>
        <dd>${formatTime(checkout.expires_at)}</dd>
        <dt>${t.foreignId}</dt>
        <dd class="mono">${checkout.foreign_id}</dd>
        <dt>${t.paymentRequestId}</dt>
        <dd class="mono">${checkout.payment_request_id}</dd>
        <dt>${t.paymentLink}</dt>
        <dd>${outsideLink(checkout.payment_link)}</dd>
        ${checkout.success_url ? html`<dt>${t.successUrl}</dt><dd>${outsideLink(checkout.success_url)}</dd>` : nothing}
        ${checkout.failed_url ? html`<dt>${t.failedUrl}</dt><dd>${outsideLink(checkout.failed_url)}</dd>` : nothing}
      </dl>
      <h2>${t.customerTold}</h2>
      <div class="notice">${customerTold(checkout).map((line) => html`<p>${line}</p>`)}</div>
      <h2>${t.refund}</h2>
      <p>${refund.words}</p>
      ${
        refund.sendBack && amounts
          ? whenLoaded(
              this.refunds,
              ({ data }) =>
                this.renderRefunds(checkout.id, data, refund.sendBack!, amounts.currency),
              (error) =>
                html`<p class="error" role="alert">${t.refundsUnavailable} ${errorText(error)}</p>`,
            )
          : nothing
      }
      <h2>${t.timeline}</h2>
      ${this.action.view()}
      ${whenLoaded(
        this.timeline,
        (timeline) =>
          html`<cp-timeline-view
            .entries=${timeline.data}
            .endpoints=${this.endpoints.value}
            .canRedeliver=${allows(this.account, 'operator')}
            @cp-redeliver=${(event: RedeliverEvent) => this.redeliver(event)}
          ></cp-timeline-view>`,
        (error) => html`<p class="muted">${t.timelineUnavailable} ${errorText(error)}</p>`,
      )}`;
  }

  /**
   * To one endpoint at once (its delivery failed: the others have the event); to every endpoint
   * only once asked, since those that answered 2xx receive it again.
   */
  private redeliver(event: RedeliverEvent): void {
    const run: Action['run'] = (work, prefix) => this.action.run(work, prefix);
    if (event.question === undefined) {
      void redeliverEvent(run, event.eventId, event.endpointId);
      return;
    }
    this.action.ask(
      event.question,
      strings.timeline.redeliverEvery(undefined),
      () => sendAgain(event.eventId).then((line) => `${event.eventId}: ${line}`),
      event.composedPath()[0] ?? null,
    );
  }

  /**
   * What was sent back for this payment, and the link to send it back while nothing is on its
   * way or sent (one the service cancelled, declined or failed sent nothing and does not count):
   * two people of the staff never both pay the customer.
   */
  private renderRefunds(
    checkoutId: string,
    refunds: MoneyOperation[],
    amount: string,
    currency: ServiceCurrencyRef,
  ) {
    const sent = refunds.some((refund) => !REFUND_VOID_STATUSES.includes(refund.status));
    return html`${
      refunds.length === 0
        ? nothing
        : dataTable<MoneyOperation>(
            t.refundsSent,
            [
              {
                heading: t.refundReference,
                cell: (refund) => refund.foreign_id,
                cellClass: () => 'mono',
              },
              {
                heading: t.refundAmount,
                cell: (refund) => formatAmount(refund.amount, { iso: refund.currency }),
                numeric: true,
              },
              { heading: t.refundStatus, cell: (refund) => refund.status },
              { heading: t.refundAt, cell: (refund) => formatTime(refund.created_at) },
            ],
            refunds,
            { captionShown: true },
          )
    }
      ${
        sent
          ? html`<p>${t.refundAlreadySent}</p>`
          : allows(this.account, 'owner')
            ? html`<p>
              <a class="button" href=${this.withdrawalHref(checkoutId, refunds.length, amount, currency)}
                >${t.sendBack(amount, currency.iso)}</a
              >
            </p>`
            : nothing
      }`;
  }

  /**
   * The Money page's withdrawal form, filled with what to send back: in the service's code for
   * the currency on its network (USDT sent on tron goes back as `USDTT`), which it takes, left
   * empty for a network whose code is not known here; the checkout it pays back, and the
   * reference derived from it, so that the service itself takes it once.
   */
  private withdrawalHref(
    checkoutId: string,
    refundsBefore: number,
    amount: string,
    currency: ServiceCurrencyRef,
  ): string {
    const code = codeOfCurrency(currency);
    return routeHref({
      page: 'money',
      search: new URLSearchParams({
        amount,
        ...(code === undefined ? {} : { currency: code }),
        refund_of: checkoutId,
        reference: refundReference(checkoutId, refundsBefore),
      }),
    });
  }
}

/**
 * The foreign_id of the `count + 1`th refund of a checkout: one derived from it, so two people
 * sending the same refund at once send one foreign_id. Here, not with the Money page's request
 * bodies: those bring zod, which the shell this page is in leaves to the Money chunk.
 */
const refundReference = (checkoutId: string, count: number) =>
  count === 0 ? `refund_${checkoutId}` : `refund_${checkoutId}_${count + 1}`;

/** What was due and what was sent, as the service's callbacks reported them. */
function reportedAmounts(callbacks: StoredCallback[]) {
  const bodies = callbacks.map((callback) => callback.body as PaymentCallbackMoney);
  const reported = bodies.find((body) => body.currency_sent && body.payment_request_amount);
  return paymentAmounts(
    reported?.payment_request_amount ?? undefined,
    reported?.currency_sent ?? undefined,
  );
}

type PaymentAmounts = ReturnType<typeof paymentAmounts>;

/** What the refund section says, and what the shop may send back (none: nothing to send back). */
interface Refund {
  words: string;
  sendBack?: string | undefined;
}

/**
 * Who tells the customer how to get money back, and what the shop may send back itself
 * (`sendBack`). The service emails refund instructions only where what arrived differs from what
 * was due (the spec's `end_user_email`: all of it if less, the difference if more): there the
 * shop sends nothing, or the customer would be paid back twice. A late payment's amount due is
 * the shop's to settle; where the service has not said whether it emails, nothing is offered.
 */
function refundOf(checkout: MerchantCheckout, amounts: PaymentAmounts): Refund {
  const detail = checkout.status_detail;
  if (detail === 'late') {
    const over = amounts?.difference?.direction === 'over';
    return {
      words: over ? `${t.refundLate} ${t.refundLateOver}` : t.refundLate,
      sendBack: amounts?.due,
    };
  }
  if (checkout.status === 'failed' && detail === undefined) return { words: t.refundUntold };
  if (detail !== 'underpaid' && detail !== 'overpaid') return { words: t.refundNone };
  const underpaid = detail === 'underpaid';
  switch (checkout.refund_instructions) {
    case 'email':
      return { words: underpaid ? t.refundEmailUnderpaid : t.refundEmailOverpaid };
    case 'merchant':
      return {
        words: underpaid ? t.refundMerchantUnderpaid : t.refundMerchantOverpaid,
        sendBack: underpaid ? amounts?.sent : amounts?.difference?.amount,
      };
    default:
      return { words: t.refundUnknown };
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-payment': Payment;
  }
}
