/**
 * `<cp-withdrawals>`: owners send a withdrawal: a form, then a confirmation of amount,
 * currency, network, address and tag ("Send it" disabled while it is on its way, so it is sent
 * once), then the service's answer in words; everyone sees every withdrawal sent, newest first,
 * a page at a time, with its status. `prefill` fills the form: a payment page's money to send
 * back (`amount`, `currency`, `refund_of`, `reference`), for which who receives is never
 * assumed.
 */
import type { Withdrawal } from '@crypto-pay/protocol';
import { currencyOfCode } from '@crypto-pay/protocol/merchant-rules';
import { groupReference } from '@crypto-pay/protocol/reference';
import { Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Action } from '../../action.ts';
import { ApiFailure, api, failureText } from '../../api.ts';
import { formatAmount, formatCurrency } from '../../format.ts';
import {
  identityFrom,
  newForeignId,
  type WithdrawalForm,
  withdrawalBody,
} from '../../money-requests.ts';
import { Paging } from '../../paging.ts';
import { routeHref } from '../../router.ts';
import { strings } from '../../strings.ts';
import { shared, tokens } from '../../styles.ts';
import { dataTable } from '../../table.ts';
import { type Account, allows, type MoneyOperation, type Page } from '../../types.ts';
import { formValues, reload, whenLoaded } from '../../ui.ts';
import { identityFields } from '../identity-fields.ts';
import { operationColumns, operationsPath } from './money-objects.ts';

const t = strings.money;

@customElement('cp-withdrawals')
export class Withdrawals extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  /** What the form starts with: `amount`, `currency`; for a refund `refund_of` and `reference`. */
  @property({ attribute: false }) prefill = new URLSearchParams();
  /** Who receives; none chosen yet for a refund. */
  @state() private receiverKind = 'self';
  /** The withdrawal waiting for its confirmation. */
  @state() private pending: WithdrawalForm | undefined;
  /** The service's answer, with the payment it sent money back for. */
  @state() private answer: { withdrawal: Withdrawal; refundOf?: string | undefined } | undefined;

  private readonly paging = new Paging(this);

  private readonly withdrawals = new Task(this, {
    task: ([path], { signal }) => api<Page<MoneyOperation>>(path, { signal }),
    args: () => [operationsPath('withdrawal', this.paging.before)] as const,
  });

  /** The checkout whose money the form sends back, when it does. */
  private get refundOf(): string | undefined {
    return this.prefill.get('refund_of') || undefined;
  }

  override willUpdate(changed: Map<string, unknown>): void {
    // Money sent back goes to the customer: the staff say who that is.
    if (changed.has('prefill')) this.receiverKind = this.refundOf ? '' : 'self';
  }

  private readonly action = new Action(this, () => reload(this.withdrawals));

  private review(event: SubmitEvent): void {
    event.preventDefault();
    const values = formValues(event.target as HTMLFormElement);
    this.answer = undefined;
    this.action.clear();
    const form: WithdrawalForm = {
      amount: values.amount ?? '',
      currency: values.currency ?? '',
      address: values.address ?? '',
      ...(values.tag ? { tag: values.tag } : {}),
      ...(this.refundOf ? { refundOf: this.refundOf } : {}),
      reference: (this.refundOf && this.prefill.get('reference')) || newForeignId('wd_'),
      sender: identityFrom(values, 'sender_') as WithdrawalForm['sender'],
      receiver: identityFrom(values, 'receiver_'),
    };
    // An amount that cannot be sent exactly is said here, not after the confirmation.
    try {
      withdrawalBody(form);
    } catch (error) {
      this.action.refuse(failureText(error));
      return;
    }
    this.pending = form;
  }

  private async confirm(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    const sent = await this.action.run(async () => {
      try {
        const answer = await api<{ data: Withdrawal }>('/admin/withdrawals', {
          method: 'POST',
          json: withdrawalBody(pending),
        });
        this.answer = { withdrawal: answer.data, refundOf: pending.refundOf };
      } catch (error) {
        // No answer from the service, or none from the proxy: the money may have left. Its
        // confirmation goes, so "Send it" cannot send it again; the list shows it requested.
        if (!mayHaveBeenSent(error)) throw error;
        this.done(pending);
        reload(this.withdrawals);
        throw error;
      }
      this.done(pending);
    });
    // Refused: "Send it" was disabled in flight, which took the focus from it; the line saying
    // why (or that the outcome is not known) has it now.
    if (!sent) {
      await this.updateComplete;
      this.action.focusResult();
    }
  }

  /** Sent, or maybe sent: the form starts again empty, so no Review repeats it by mistake. */
  private done(pending: WithdrawalForm): void {
    if (this.pending === pending) this.pending = undefined;
    this.renderRoot.querySelector('form')?.reset();
  }

  /**
   * The form and its confirmation replace each other: focus goes to what took the place of the
   * button pressed (the confirmation's heading; Review again), not to the page's start.
   */
  override updated(changed: Map<string, unknown>): void {
    if (!changed.has('pending')) return;
    const opened = this.pending !== undefined;
    const closed = !opened && changed.get('pending') !== undefined;
    if (opened) this.renderRoot.querySelector<HTMLElement>('#confirm-heading')?.focus();
    else if (closed) this.renderRoot.querySelector<HTMLElement>('#review')?.focus();
  }

  override render() {
    return html`<h2>${t.withdrawals}</h2>
      ${allows(this.account, 'owner') ? this.renderSend() : html`<p>${t.ownerOnly}</p>`}
      ${whenLoaded(
        this.withdrawals,
        (page) => html`${dataTable<MoneyOperation>(
          t.withdrawalList,
          [
            ...operationColumns,
            {
              heading: t.refundOf,
              cell: (withdrawal) =>
                withdrawal.refund_of ? paymentLink(withdrawal.refund_of) : strings.none,
            },
          ],
          page.data,
          { captionShown: true, empty: t.noWithdrawals },
        )}
        ${this.paging.buttons(page.next_before, t.withdrawals)}`,
      )}`;
  }

  /** The form stays while its confirmation shows, hidden: Change goes back to what was typed. */
  private renderSend() {
    const pending = this.pending;
    const prefill = (name: string) => this.prefill.get(name) ?? '';
    return html`${pending ? this.renderConfirmation(pending) : nothing}
      <form @submit=${this.review} ?hidden=${pending !== undefined}>
        <h3>${t.createWithdrawal}</h3>
        ${this.refundOf ? html`<p class="notice">${t.refundFor(groupReference(this.refundOf))}</p>` : nothing}
        <div class="fields">
          <label>${t.amount}<input name="amount" inputmode="decimal" required size="14" .value=${prefill('amount')} /></label>
          <label>${t.currencyCode}<input name="currency" required size="6" .value=${prefill('currency')} /></label>
          <label>${t.address}<input name="address" required size="36" /></label>
          <label>${t.tag}<input name="tag" /></label>
        </div>
        ${identityFields(t.sender, 'sender_', ['legal'], 'legal', () => {})}
        ${identityFields(
          t.receiver,
          'receiver_',
          // Money sent back goes to the customer: never "Your own wallet", and chosen each time.
          this.refundOf ? ['natural', 'legal'] : ['self', 'natural', 'legal'],
          this.receiverKind,
          (kind) => (this.receiverKind = kind),
          this.refundOf ? t.chooseReceiver : undefined,
        )}
        <p><button id="review">${t.review}</button></p>
      </form>
      ${pending ? nothing : this.action.view()}
      ${this.answer === undefined ? nothing : this.renderAnswer(this.answer)}`;
  }

  /** What the service took, in words: its status, what the receiver gets, what the balance gives. */
  private renderAnswer({ withdrawal, refundOf }: NonNullable<Withdrawals['answer']>) {
    return html`<section class="notice">
      <h3>${t.answerHeading(String(withdrawal.id), withdrawal.foreign_id)}</h3>
      <dl class="facts">
        <dt>${t.answerStatus}</dt><dd>${withdrawal.status}</dd>
        <dt>${t.answerSent}</dt><dd>${formatAmount(withdrawal.receiver_amount, { iso: withdrawal.receiver_currency })}</dd>
        <dt>${t.answerDebited}</dt><dd>${formatAmount(withdrawal.sender_amount, { iso: withdrawal.sender_currency })}</dd>
        ${refundOf ? html`<dt>${t.refundOf}</dt><dd>${paymentLink(refundOf)}</dd>` : nothing}
      </dl>
    </section>`;
  }

  private renderConfirmation(pending: WithdrawalForm) {
    const receiver = { self: t.receiverSelf, legal: t.company, natural: t.person };
    const sending = this.action.busy;
    return html`<section class="notice" aria-labelledby="confirm-heading">
      <h3 id="confirm-heading" tabindex="-1">${t.confirmHeading}</h3>
      <p>${t.confirmIntro}</p>
      <dl class="facts">
        <dt>${t.amount}</dt><dd>${formatAmount(pending.amount)}</dd>
        <dt>${t.currency}</dt><dd>${pending.currency.toUpperCase()}</dd>
        <dt>${t.network}</dt><dd>${networkOf(pending.currency)}</dd>
        <dt>${t.address}</dt><dd class="mono">${pending.address}</dd>
        <dt>${t.tag}</dt><dd class="mono">${pending.tag ?? t.noTag}</dd>
        <dt>${t.sender}</dt><dd>${pending.sender.legal_name}</dd>
        <dt>${t.receiver}</dt><dd>${receiver[pending.receiver.type]}</dd>
        ${pending.refundOf ? html`<dt>${t.refundOf}</dt><dd class="mono">${groupReference(pending.refundOf)}</dd>` : nothing}
      </dl>
      <p class="fields">
        <button ?disabled=${sending} @click=${this.confirm}>${t.confirm}</button>
        <button class="secondary" ?disabled=${sending} @click=${() => (this.pending = undefined)}>${t.back}</button>
      </p>
      ${this.action.view()}
    </section>`;
  }
}

/**
 * Whether a failed send may still have sent the money: the proxy says the service did not
 * answer (`withdrawal_outcome_unknown`, `refund_outcome_unknown`), or the proxy did not answer.
 */
const mayHaveBeenSent = (error: unknown) =>
  error instanceof ApiFailure && (error.status === 0 || error.code.endsWith('_outcome_unknown'));

/** The network a service code sends on, as Balances names it ("USDT on Tron" for USDTT). */
function networkOf(code: string): string {
  const currency = currencyOfCode(code.toUpperCase());
  return currency.network_name ? formatCurrency(currency) : t.networkUnknown;
}

/** A link to the payment a withdrawal sends money back for. */
const paymentLink = (checkoutId: string) =>
  html`<a class="mono" href=${routeHref({ page: 'payment', id: checkoutId })}>${groupReference(checkoutId)}</a>`;

declare global {
  interface HTMLElementTagNameMap {
    'cp-withdrawals': Withdrawals;
  }
}
