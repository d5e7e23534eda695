/**
 * `<cp-payments>`: the payments list, newest first, a page at a time, with its filters and
 * search in the page's address (`/dashboard/?q=<reference>` finds a customer's payment), the
 * CSV export of the same filters, and the chart of payments per day.
 */
import { groupReference } from '@crypto-pay/protocol/reference';
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { api } from '../api.ts';
import { formatAmount, formatCurrency, formatTime, statusWords } from '../format.ts';
import {
  csvExportHref,
  DETAILS,
  filtersFrom,
  filtersSearch,
  listPath,
  type PaymentFilters,
  PRICINGS,
  STATUSES,
} from '../payment-filters.ts';
import { navigate, routeHref } from '../router.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { Account, MerchantCheckout, Page } from '../types.ts';
import { formValues, whenLoaded } from '../ui.ts';
import './daily-chart.ts';

const t = strings.payments;

@customElement('cp-payments')
export class Payments extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  @property({ attribute: false }) search = new URLSearchParams();
  /** The pages seen so far (their `before`), for going back to the first. */
  @state() private pageBefore: string | undefined;

  private get filters(): PaymentFilters {
    return filtersFrom(this.search);
  }

  private readonly list = new Task(this, {
    task: ([path], { signal }) => api<Page<MerchantCheckout>>(path, { signal }),
    args: () => [listPath(this.filters, this.pageBefore)] as const,
  });

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('search')) this.pageBefore = undefined;
  }

  private applyFilters(event: SubmitEvent): void {
    event.preventDefault();
    const values = formValues(event.target as HTMLFormElement) as PaymentFilters;
    navigate(routeHref({ page: 'payments', search: filtersSearch(values) }));
  }

  override render() {
    const filters = this.filters;
    return html`<h1>${t.heading}</h1>
      <form role="search" class="fields" @submit=${this.applyFilters}>
        <label
          >${t.search}<input name="q" type="search" .value=${filters.q ?? ''} size="40"
        /></label>
        ${this.choice('status', t.status, STATUSES, strings.statuses, filters.status)}
        ${this.choice('detail', t.detail, DETAILS, strings.detailShort, filters.detail)}
        ${this.choice('stale', t.stale, ['true', 'false'], strings.staleChoices, filters.stale)}
        ${this.choice('pricing', t.pricing, PRICINGS, strings.pricingModes, filters.pricing)}
        <label>${t.currency}<input name="currency" .value=${filters.currency ?? ''} size="6" /></label>
        <label>${t.createdFrom}<input name="from" type="date" .value=${filters.from ?? ''} /></label>
        <label>${t.createdTo}<input name="to" type="date" .value=${filters.to ?? ''} /></label>
        <label
          >${t.amountMin}<input name="amount_min" inputmode="decimal" .value=${filters.amount_min ?? ''} size="10"
        /></label>
        <label
          >${t.amountMax}<input name="amount_max" inputmode="decimal" .value=${filters.amount_max ?? ''} size="10"
        /></label>
        <button>${t.searchButton}</button>
        <a class="button secondary" href="/dashboard/">${strings.clear}</a>
      </form>
      <p><a href=${csvExportHref(filters)} download>${t.exportCsv}</a></p>
      ${whenLoaded(this.list, (page) => this.renderList(page))}
      <h2>${t.chartHeading}</h2>
      <cp-daily-chart></cp-daily-chart>`;
  }

  private choice(
    name: string,
    label: string,
    values: readonly string[],
    words: Record<string, string>,
    current: string | undefined,
  ) {
    return html`<label
      >${label}
      <select name=${name}>
        <option value="" ?selected=${!current}>${t.any}</option>
        ${values.map(
          (value) =>
            html`<option value=${value} ?selected=${current === value}>${words[value] ?? value}</option>`,
        )}
      </select></label
    >`;
  }

  private renderList(page: Page<MerchantCheckout>) {
    if (page.data.length === 0) return html`<p>${t.noMatch}</p>`;
    return html`<div class="table-box" tabindex="0">
        <table>
          <caption>${t.listCaption}</caption>
          <thead>
            <tr>
              <th scope="col">${t.reference}</th>
              <th scope="col">${t.created}</th>
              <th scope="col">${t.amount}</th>
              <th scope="col">${strings.payment.paidIn}</th>
              <th scope="col">${t.status}</th>
              <th scope="col">${t.pricing}</th>
            </tr>
          </thead>
          <tbody>
            ${page.data.map(
              (checkout) => html`<tr>
                <td><a class="mono" href=${routeHref({ page: 'payment', id: checkout.id })}>${groupReference(checkout.id)}</a></td>
                <td>${formatTime(checkout.created_at)}</td>
                <td>${formatAmount(checkout.amount, checkout.currency)}</td>
                <td>${formatCurrency(checkout.payment_currency)}</td>
                <td>${statusWords(checkout.status, checkout.status_detail)}${checkout.stale_since ? ` (${t.stale.toLowerCase()})` : ''}</td>
                <td>${strings.pricingModes[checkout.pricing] ?? checkout.pricing}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p class="fields">
        ${
          this.pageBefore
            ? html`<button class="secondary" @click=${() => (this.pageBefore = undefined)}>${strings.firstPage}</button>`
            : ''
        }
        ${
          page.next_before
            ? html`<button @click=${() => (this.pageBefore = page.next_before)}>${strings.nextPage}</button>`
            : ''
        }
      </p>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-payments': Payments;
  }
}
