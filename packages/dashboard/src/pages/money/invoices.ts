/**
 * `<cp-invoices>`: create an invoice and get the service's link to send a customer who has no
 * website to pay on; every invoice made, newest first, a page at a time, with its status, its
 * link and a Cancel button while it can still be cancelled.
 */
import { CANCELLABLE_INVOICE_STATUSES, type InvoiceStatus } from '@crypto-pay/protocol';
import { Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Action } from '../../action.ts';
import { api } from '../../api.ts';
import { type Identity, identityFrom, invoiceBody, newForeignId } from '../../money-requests.ts';
import { Paging } from '../../paging.ts';
import { strings } from '../../strings.ts';
import { shared, tokens } from '../../styles.ts';
import { dataTable } from '../../table.ts';
import { type Account, allows, type MoneyOperation, type Page } from '../../types.ts';
import { formValues, outsideLink, reload, whenLoaded } from '../../ui.ts';
import { identityFields } from '../identity-fields.ts';
import { operationColumns, operationsPath } from './money-objects.ts';

const t = strings.money;

const cancellable = (status: string) =>
  CANCELLABLE_INVOICE_STATUSES.includes(status as InvoiceStatus);

@customElement('cp-invoices')
export class Invoices extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  /** The link of the invoice just made, to send the customer (the list has it too). */
  @state() private made: string | undefined;
  @state() private payerKind = 'natural';

  private readonly paging = new Paging(this);

  private readonly invoices = new Task(this, {
    task: ([path], { signal }) => api<Page<MoneyOperation>>(path, { signal }),
    args: () => [operationsPath('invoice', this.paging.before)] as const,
  });

  private readonly action = new Action(this, () => reload(this.invoices));

  private create(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const values = formValues(form);
    this.made = undefined;
    void this.action.run(async () => {
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
      this.made = answer.data.url;
      // A second press of Create would make a second invoice (a new random reference).
      form.reset();
      return t.done(answer.data.foreign_id, strings.done);
    });
  }

  /** Asks first: a cancelled invoice cannot be paid, and cannot be made payable again. */
  private cancel(foreignId: string, event: Event): void {
    this.action.ask(
      t.cancelQuestion(foreignId),
      t.confirmCancel,
      async () => {
        await api(`/admin/invoices/${encodeURIComponent(foreignId)}/cancel`, {
          method: 'POST',
          body: {},
        });
        return t.done(foreignId, t.invoiceCancelled);
      },
      event.currentTarget,
    );
  }

  override render() {
    const operator = allows(this.account, 'operator');
    return html`<h2>${t.invoices}</h2>
      ${operator ? this.renderForm() : nothing}
      ${whenLoaded(
        this.invoices,
        (page) => html`${dataTable<MoneyOperation>(
          t.invoiceList,
          [
            ...operationColumns,
            {
              heading: t.invoicePage,
              cell: (invoice) => (invoice.url ? outsideLink(invoice.url) : strings.none),
            },
            operator && {
              heading: t.cancelInvoice,
              headingHidden: true,
              cell: (invoice) =>
                cancellable(invoice.status)
                  ? html`<button class="secondary" @click=${(event: Event) => this.cancel(invoice.foreign_id, event)}>
                      ${t.cancelInvoice}<span class="visually-hidden"> ${invoice.foreign_id}</span>
                    </button>`
                  : nothing,
            },
          ],
          page.data,
          { captionShown: true, empty: t.noInvoices },
        )}
        ${this.paging.buttons(page.next_before, t.invoices)}`,
      )}`;
  }

  private renderForm() {
    return html`<form @submit=${this.create}>
        <h3>${t.createInvoice}</h3>
        <div class="fields">
          <label>${t.title}<input name="title" required maxlength="50" /></label>
          <label>${t.amount}<input name="amount" inputmode="decimal" required size="12" /></label>
          <label>${t.currencyCode}<input name="currency" required size="6" /></label>
          <label>${t.invoiceReference}<input name="reference" /></label>
          <label>${t.email}<input name="email" type="email" required /></label>
          <label>${t.returnUrl}<input name="return_url" type="url" required placeholder=${t.returnUrlExample} /></label>
        </div>
        ${identityFields(t.payer, 'payer_', ['natural', 'legal'], this.payerKind, (kind) => (this.payerKind = kind))}
        <p><button>${t.create}</button></p>
      </form>
      ${this.action.view()}
      ${this.made ? html`<p class="notice">${t.invoiceLink}: ${outsideLink(this.made)}</p>` : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-invoices': Invoices;
  }
}
