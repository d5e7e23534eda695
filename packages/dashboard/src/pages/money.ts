/**
 * `<cp-money>`: balances; invoices (create one and get the link to send the customer, cancel
 * one, their statuses from the service's callbacks); withdrawals (owners: a form, a
 * confirmation of amount, currency, address and tag, then the service's answer). The address
 * `?amount=&currency=` prefills the withdrawal (a payment page's difference).
 */
import { Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api, failureText } from '../api.ts';
import { formatTime, prettyJson } from '../format.ts';
import {
  type Identity,
  identityFrom,
  invoiceBody,
  newForeignId,
  type WithdrawalForm,
  withdrawalBody,
} from '../money-requests.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { type Account, allows, type StoredCallback } from '../types.ts';
import { actionResult, formValues, whenLoaded } from '../ui.ts';
import { identityFields } from './identity-fields.ts';

const t = strings.money;

interface Balance {
  currency: string;
  type: string;
  balance: string;
}

/** The newest callback of each object (by foreign_id): its latest status. */
function latestByForeignId(callbacks: StoredCallback[]): StoredCallback[] {
  const seen = new Map<string, StoredCallback>();
  for (const callback of callbacks) {
    const key = callback.foreign_id ?? callback.object_id ?? String(callback.id);
    if (!seen.has(key)) seen.set(key, callback);
  }
  return [...seen.values()];
}

@customElement('cp-money')
export class Money extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  @property({ attribute: false }) search = new URLSearchParams();
  @state() private invoiceResult: { ok: boolean; text: string } | undefined;
  @state() private invoiceLink: string | undefined;
  @state() private payerKind = 'natural';
  @state() private receiverKind = 'self';
  /** The withdrawal waiting for its confirmation. */
  @state() private pending: WithdrawalForm | undefined;
  @state() private withdrawalAnswer: unknown;
  @state() private withdrawalResult: { ok: boolean; text: string } | undefined;
  /** The confirmed withdrawal is on its way: "Send it" cannot send it twice. */
  @state() private sending = false;

  private readonly balances = new Task(this, {
    task: (_args, { signal }) => api<{ data: Balance[] }>('/admin/balances', { signal }),
    args: () => [],
  });

  private readonly invoices = new Task(this, {
    task: (_args, { signal }) =>
      api<{ data: StoredCallback[] }>('/admin/callbacks?type=invoice&limit=200', { signal }),
    args: () => [],
  });

  private readonly withdrawals = new Task(this, {
    task: (_args, { signal }) =>
      api<{ data: StoredCallback[] }>('/admin/callbacks?type=withdrawal&limit=200', { signal }),
    args: () => [],
  });

  private async createInvoice(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const values = formValues(event.target as HTMLFormElement);
    this.invoiceLink = undefined;
    try {
      const json = invoiceBody({
        title: values.title ?? '',
        amount: values.amount ?? '',
        currency: values.currency ?? '',
        reference: values.reference ?? newForeignId('inv_'),
        email: values.email ?? '',
        returnUrl: values.return_url ?? '',
        payer: identityFrom(values, 'payer_') as Identity,
      });
      const answer = await api<{ data: { url: string; foreign_id: string } }>('/admin/invoices', {
        method: 'POST',
        json,
      });
      this.invoiceLink = answer.data.url;
      this.invoiceResult = { ok: true, text: `${answer.data.foreign_id}: ${strings.done}` };
      void this.invoices.run();
    } catch (error) {
      this.invoiceResult = { ok: false, text: failureText(error) };
    }
  }

  private async cancelInvoice(foreignId: string): Promise<void> {
    try {
      await api(`/admin/invoices/${encodeURIComponent(foreignId)}/cancel`, {
        method: 'POST',
        body: {},
      });
      this.invoiceResult = { ok: true, text: `${foreignId}: ${t.invoiceCancelled}` };
      void this.invoices.run();
    } catch (error) {
      this.invoiceResult = { ok: false, text: failureText(error) };
    }
  }

  private review(event: SubmitEvent): void {
    event.preventDefault();
    const values = formValues(event.target as HTMLFormElement);
    this.withdrawalAnswer = undefined;
    this.withdrawalResult = undefined;
    this.pending = {
      amount: values.amount ?? '',
      currency: values.currency ?? '',
      address: values.address ?? '',
      ...(values.tag ? { tag: values.tag } : {}),
      reference: newForeignId('wd_'),
      sender: identityFrom(values, 'sender_') as WithdrawalForm['sender'],
      receiver: identityFrom(values, 'receiver_'),
    };
  }

  private async confirm(): Promise<void> {
    const pending = this.pending;
    if (!pending || this.sending) return;
    this.sending = true;
    try {
      const answer = await api<{ data: unknown }>('/admin/withdrawals', {
        method: 'POST',
        json: withdrawalBody(pending),
      });
      this.withdrawalAnswer = answer.data;
      this.withdrawalResult = { ok: true, text: strings.done };
      this.pending = undefined;
      void this.withdrawals.run();
    } catch (error) {
      this.withdrawalResult = { ok: false, text: failureText(error) };
    } finally {
      this.sending = false;
    }
  }

  override render() {
    return html`<h1>${t.heading}</h1>
      <h2>${t.balances}</h2>
      ${whenLoaded(this.balances, ({ data }) => this.renderBalances(data))}
      <h2>${t.invoices}</h2>
      ${this.renderInvoiceForm()}
      ${whenLoaded(this.invoices, ({ data }) => this.renderObjects(data, t.invoiceList, true))}
      <h2>${t.withdrawals}</h2>
      ${allows(this.account, 'owner') ? this.renderWithdrawal() : html`<p>${t.ownerOnly}</p>`}
      ${whenLoaded(this.withdrawals, ({ data }) => this.renderObjects(data, t.withdrawalList, false))}`;
  }

  private renderBalances(balances: Balance[]) {
    if (balances.length === 0) return html`<p>${strings.empty}</p>`;
    return html`<div class="table-box" tabindex="0">
      <table>
        <caption class="visually-hidden">${t.balances}</caption>
        <thead><tr><th scope="col">${t.currency}</th><th scope="col">${t.balance}</th></tr></thead>
        <tbody>
          ${balances.map((entry) => html`<tr><td>${entry.currency}</td><td>${entry.balance}</td></tr>`)}
        </tbody>
      </table>
    </div>`;
  }

  private renderInvoiceForm() {
    if (!allows(this.account, 'operator')) return nothing;
    return html`<form @submit=${this.createInvoice}>
        <h3>${t.createInvoice}</h3>
        <div class="fields">
          <label>${t.title}<input name="title" required maxlength="50" /></label>
          <label>${t.amount}<input name="amount" inputmode="decimal" required size="12" /></label>
          <label>${t.currencyIso}<input name="currency" required size="6" /></label>
          <label>${t.invoiceReference}<input name="reference" /></label>
          <label>${t.email}<input name="email" type="email" required /></label>
          <label>${t.returnUrl}<input name="return_url" type="url" required .value=${`${location.origin}/`} /></label>
        </div>
        ${identityFields(t.payer, 'payer_', ['natural', 'legal'], this.payerKind, (kind) => (this.payerKind = kind))}
        <p><button>${t.create}</button></p>
      </form>
      ${actionResult(this.invoiceResult)}
      ${
        this.invoiceLink
          ? html`<p class="notice">${t.invoiceLink}: <a href=${this.invoiceLink} target="_blank" rel="noopener noreferrer">${this.invoiceLink}</a></p>`
          : nothing
      }`;
  }

  private renderWithdrawal() {
    const pending = this.pending;
    if (pending) {
      return html`<section class="notice" aria-labelledby="confirm-heading">
        <h3 id="confirm-heading">${t.confirmHeading}</h3>
        <p>${t.confirmIntro}</p>
        <dl class="facts">
          <dt>${t.amount}</dt><dd>${pending.amount}</dd>
          <dt>${t.currency}</dt><dd>${pending.currency.toUpperCase()}</dd>
          <dt>${t.address}</dt><dd class="mono">${pending.address}</dd>
          <dt>${t.tag}</dt><dd class="mono">${pending.tag ?? t.noTag}</dd>
          <dt>${t.receiver}</dt><dd>${pending.receiver.type === 'self' ? t.receiverSelf : pending.receiver.type === 'legal' ? t.company : t.person}</dd>
        </dl>
        <p class="fields">
          <button ?disabled=${this.sending} @click=${this.confirm}>${t.confirm}</button>
          <button class="secondary" ?disabled=${this.sending} @click=${() => (this.pending = undefined)}>${t.back}</button>
        </p>
        ${actionResult(this.withdrawalResult)}
      </section>`;
    }
    const prefill = (name: string) => this.search.get(name) ?? '';
    return html`<form @submit=${this.review}>
        <h3>${t.createWithdrawal}</h3>
        <div class="fields">
          <label>${t.amount}<input name="amount" inputmode="decimal" required size="14" .value=${prefill('amount')} /></label>
          <label>${t.currencyIso}<input name="currency" required size="6" .value=${prefill('currency')} /></label>
          <label>${t.address}<input name="address" required size="36" /></label>
          <label>${t.tag}<input name="tag" /></label>
        </div>
        ${identityFields(t.sender, 'sender_', ['legal'], 'legal', () => {})}
        ${identityFields(t.receiver, 'receiver_', ['self', 'natural', 'legal'], this.receiverKind, (kind) => (this.receiverKind = kind))}
        <p><button>${t.review}</button></p>
      </form>
      ${actionResult(this.withdrawalResult)}
      ${
        this.withdrawalAnswer === undefined
          ? nothing
          : html`<h3>${t.serviceAnswer}</h3><pre>${prettyJson(this.withdrawalAnswer)}</pre>`
      }`;
  }

  private renderObjects(callbacks: StoredCallback[], caption: string, cancellable: boolean) {
    const objects = latestByForeignId(callbacks);
    if (objects.length === 0) return html`<p>${t.noCallbacks}</p>`;
    const operator = cancellable && allows(this.account, 'operator');
    return html`<div class="table-box" tabindex="0">
      <table>
        <caption>${caption}</caption>
        <thead>
          <tr>
            <th scope="col">${t.reference}</th>
            <th scope="col">${t.status}</th>
            <th scope="col">${t.at}</th>
            ${operator ? html`<th scope="col"><span class="visually-hidden">${t.cancelInvoice}</span></th>` : nothing}
          </tr>
        </thead>
        <tbody>
          ${objects.map(
            (callback) => html`<tr>
              <td class="mono">${callback.foreign_id ?? callback.object_id ?? strings.none}</td>
              <td>${callback.status ?? strings.none}</td>
              <td>${formatTime(callback.received_at)}</td>
              ${
                operator
                  ? html`<td>
                    ${
                      callback.foreign_id &&
                      ['created', 'pending', 'processing'].includes(callback.status ?? '')
                        ? html`<button class="secondary" @click=${() => this.cancelInvoice(callback.foreign_id!)}>
                          ${t.cancelInvoice}<span class="visually-hidden"> ${callback.foreign_id}</span>
                        </button>`
                        : nothing
                    }
                  </td>`
                  : nothing
              }
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-money': Money;
  }
}
