/**
 * `<cp-withdrawals>`: owners send a withdrawal: a form, then a confirmation of amount,
 * currency, address and tag ("Send it" disabled while it is on its way, so it is sent once),
 * then the service's answer; everyone sees the list with the statuses the callbacks told.
 * `prefill` fills the form (a payment page's difference to send back).
 */
import { Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Action } from '../../action.ts';
import { api, failureText } from '../../api.ts';
import { formatAmount, prettyJson } from '../../format.ts';
import {
  identityFrom,
  newForeignId,
  type WithdrawalForm,
  withdrawalBody,
} from '../../money-requests.ts';
import { strings } from '../../strings.ts';
import { shared, tokens } from '../../styles.ts';
import { dataTable } from '../../table.ts';
import { type Account, allows, type StoredCallback } from '../../types.ts';
import { formValues, reload, whenLoaded } from '../../ui.ts';
import { identityFields } from '../identity-fields.ts';
import { latestByObject, objectCallbacksPath, objectColumns } from './money-objects.ts';

const t = strings.money;

@customElement('cp-withdrawals')
export class Withdrawals extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  /** What the form starts with: `amount`, `currency`. */
  @property({ attribute: false }) prefill = new URLSearchParams();
  @state() private receiverKind = 'self';
  /** The withdrawal waiting for its confirmation. */
  @state() private pending: WithdrawalForm | undefined;
  @state() private answer: unknown;

  private readonly withdrawals = new Task(this, {
    task: (_args, { signal }) =>
      api<{ data: StoredCallback[] }>(objectCallbacksPath('withdrawal'), { signal }),
    args: () => [],
  });

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
      reference: newForeignId('wd_'),
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
      const answer = await api<{ data: unknown }>('/admin/withdrawals', {
        method: 'POST',
        json: withdrawalBody(pending),
      });
      this.answer = answer.data;
      this.pending = undefined;
      // Sent: the form starts again empty, so no second Review repeats this one by mistake.
      this.renderRoot.querySelector('form')?.reset();
    });
    // Refused: "Send it" was disabled in flight, which took the focus from it; the line saying
    // why the service refused has it now, in the confirmation still shown.
    if (!sent && this.pending === pending) {
      await this.updateComplete;
      this.action.focusResult();
    }
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
      ${whenLoaded(this.withdrawals, ({ data }) =>
        dataTable(t.withdrawalList, objectColumns, latestByObject(data), {
          captionShown: true,
          empty: t.noWithdrawals,
        }),
      )}`;
  }

  /** The form stays while its confirmation shows, hidden: Change goes back to what was typed. */
  private renderSend() {
    const pending = this.pending;
    const prefill = (name: string) => this.prefill.get(name) ?? '';
    return html`${pending ? this.renderConfirmation(pending) : nothing}
      <form @submit=${this.review} ?hidden=${pending !== undefined}>
        <h3>${t.createWithdrawal}</h3>
        <div class="fields">
          <label>${t.amount}<input name="amount" inputmode="decimal" required size="14" .value=${prefill('amount')} /></label>
          <label>${t.currencyCode}<input name="currency" required size="6" .value=${prefill('currency')} /></label>
          <label>${t.address}<input name="address" required size="36" /></label>
          <label>${t.tag}<input name="tag" /></label>
        </div>
        ${identityFields(t.sender, 'sender_', ['legal'], 'legal', () => {})}
        ${identityFields(t.receiver, 'receiver_', ['self', 'natural', 'legal'], this.receiverKind, (kind) => (this.receiverKind = kind))}
        <p><button id="review">${t.review}</button></p>
      </form>
      ${pending ? nothing : this.action.view()}
      ${
        this.answer === undefined
          ? nothing
          : html`<h3>${t.serviceAnswer}</h3><pre>${prettyJson(this.answer)}</pre>`
      }`;
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
        <dt>${t.address}</dt><dd class="mono">${pending.address}</dd>
        <dt>${t.tag}</dt><dd class="mono">${pending.tag ?? t.noTag}</dd>
        <dt>${t.sender}</dt><dd>${pending.sender.legal_name}</dd>
        <dt>${t.receiver}</dt><dd>${receiver[pending.receiver.type]}</dd>
      </dl>
      <p class="fields">
        <button ?disabled=${sending} @click=${this.confirm}>${t.confirm}</button>
        <button class="secondary" ?disabled=${sending} @click=${() => (this.pending = undefined)}>${t.back}</button>
      </p>
      ${this.action.view()}
    </section>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-withdrawals': Withdrawals;
  }
}
