/**
 * `<cp-payments>`: the payments list, newest first, a page at a time, with its filters and
 * search in the page's address (`/dashboard/?q=<reference>` finds a customer's payment), the
 * CSV export of the same filters, and the chart of payments per day.
 */
import { isBoundedDecimal } from '@crypto-pay/protocol/money';
import { groupReference } from '@crypto-pay/protocol/reference';
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { api } from '../api.ts';
import { formatAmount, formatCurrency, formatTime, statusWords } from '../format.ts';
import { Paging } from '../paging.ts';
import {
  csvExportHref,
  filtersFrom,
  filtersSearch,
  listPath,
  type PaymentFilters,
  PRICING_FILTERS,
} from '../payment-filters.ts';
import { navigate, rememberPaymentsList, routeHref } from '../router.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { dataTable } from '../table.ts';
import type { Account, MerchantCheckout, Page } from '../types.ts';
import { formValues, whenLoaded } from '../ui.ts';
import './daily-chart.ts';

const t = strings.payments;
/**
 * An amount filter the proxy would refuse is refused at the field, as the browser refuses a
 * field, in words that say what it takes: the proxy's own check (`isBoundedDecimal`), no sign.
 */
function checkAmount(event: Event): void {
  const field = event.target as HTMLInputElement;
  const value = field.value.trim();
  const taken = value === '' || (isBoundedDecimal(value) && !value.startsWith('-'));
  field.setCustomValidity(taken ? '' : t.amountFormat);
}
const PRICING_WORDS = Object.fromEntries(
  Object.entries(PRICING_FILTERS).map(([filter, mode]) => [filter, strings.pricingModes[mode]]),
);

@customElement('cp-payments')
export class Payments extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  @property({ attribute: false }) search = new URLSearchParams();
  private readonly paging = new Paging(this, { page: 'payments', search: () => this.search });

  private get filters(): PaymentFilters {
    return filtersFrom(this.search);
  }

  private readonly list = new Task(this, {
    task: ([path], { signal }) => api<Page<MerchantCheckout>>(path, { signal }),
    args: () => [listPath(this.filters, this.paging.before)] as const,
  });

  override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('search')) rememberPaymentsList(this.search);
  }

  private applyFilters(event: SubmitEvent): void {
    event.preventDefault();
    const filters = filtersFrom(formValues(event.target as HTMLFormElement));
    navigate(routeHref({ page: 'payments', search: filtersSearch(filters) }));
  }

  override render() {
    const filters = this.filters;
    return html`<h1>${t.heading}</h1>
      <form role="search" class="fields" @submit=${this.applyFilters}>
        <label
          >${t.search}<input name="q" type="search" .value=${filters.q ?? ''} size="40" aria-describedby="search-hint"
        /></label>
        ${this.choice('status', t.status, strings.statuses, filters.status)}
        ${this.choice('detail', t.detail, strings.detailShort, filters.detail)}
        ${this.choice('stale', t.stale, strings.staleChoices, filters.stale)}
        ${this.choice('pricing', t.pricing, PRICING_WORDS, filters.pricing)}
        <label>${t.currency}<input name="currency" .value=${filters.currency ?? ''} size="6" /></label>
        <label
          >${t.createdFrom}<input name="from" type="date" .value=${filters.from ?? ''} aria-describedby="dates-hint"
        /></label>
        <label
          >${t.createdTo}<input name="to" type="date" .value=${filters.to ?? ''} aria-describedby="dates-hint"
        /></label>
        <label
          >${t.amountMin}<input name="amount_min" inputmode="decimal" @input=${checkAmount} .value=${filters.amount_min ?? ''} size="10" aria-describedby="amounts-hint"
        /></label>
        <label
          >${t.amountMax}<input name="amount_max" inputmode="decimal" @input=${checkAmount} .value=${filters.amount_max ?? ''} size="10" aria-describedby="amounts-hint"
        /></label>
        <button>${t.searchButton}</button>
        <a class="button secondary" href="/dashboard/">${strings.clear}</a>
      </form>
      <p id="search-hint" class="muted">${t.searchHint}</p>
      <p id="dates-hint" class="muted">${t.datesHint}</p>
      <p id="amounts-hint" class="muted">${t.amountsHint}</p>
      <p><a href=${csvExportHref(filters)} download>${t.exportCsv}</a></p>
      ${whenLoaded(this.list, (page) => this.renderList(page))}
      <h2>${t.chartHeading}</h2>
      <cp-daily-chart></cp-daily-chart>`;
  }

  /** A filter's select: "Any", then each value the API takes, in words. */
  private choice(
    name: string,
    label: string,
    words: Record<string, string>,
    current: string | undefined,
  ) {
    return html`<label
      >${label}
      <select name=${name}>
        <option value="" ?selected=${!current}>${t.any}</option>
        ${Object.entries(words).map(
          ([value, word]) =>
            html`<option value=${value} ?selected=${current === value}>${word}</option>`,
        )}
      </select></label
    >`;
  }

  private renderList(page: Page<MerchantCheckout>) {
    return html`${dataTable(
      t.listCaption,
      [
        {
          heading: t.reference,
          cell: (checkout) =>
            html`<a class="mono" href=${routeHref({ page: 'payment', id: checkout.id })}>${groupReference(checkout.id)}</a>`,
        },
        { heading: t.created, cell: (checkout) => formatTime(checkout.created_at) },
        {
          heading: t.amount,
          cell: (checkout) => formatAmount(checkout.amount, checkout.currency),
          numeric: true,
        },
        {
          heading: strings.payment.paidIn,
          cell: (checkout) => formatCurrency(checkout.payment_currency),
        },
        {
          heading: t.status,
          cell: (checkout) =>
            checkout.stale_since
              ? t.staleStatus(statusWords(checkout.status, checkout.status_detail))
              : statusWords(checkout.status, checkout.status_detail),
        },
        { heading: t.pricing, cell: (checkout) => strings.pricingModes[checkout.pricing] },
      ],
      page.data,
      // Nothing found by a search: maybe a name, which is not kept; say what to search by.
      { captionShown: true, empty: this.filters.q ? t.noMatchSearch : t.noMatch },
    )}
    ${this.paging.buttons(page.next_before)}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-payments': Payments;
  }
}
