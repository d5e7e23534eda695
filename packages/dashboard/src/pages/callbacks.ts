/**
 * `<cp-callbacks>`: the callback log, newest first, a page at a time, searched by the merchant
 * API (type, object id, foreign_id, status: the search is in the page's address), each body
 * formatted and collapsed, shown as text.
 */
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { api } from '../api.ts';
import { formatTime, prettyJson } from '../format.ts';
import { CALLBACK_SEARCH, pagePath, pickSearch, searchParams } from '../list-query.ts';
import { Paging } from '../paging.ts';
import { navigate, routeHref } from '../router.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { dataTable } from '../table.ts';
import type { Page, StoredCallback } from '../types.ts';
import { formValues, whenLoaded } from '../ui.ts';

const t = strings.callbacks;
/** The service's callback types (its `*_exchange` variants are found by Any type). */
const CALLBACK_TYPES = ['payment_request', 'invoice', 'withdrawal', 'deposit', 'exchange'];

@customElement('cp-callbacks')
export class Callbacks extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) search = new URLSearchParams();

  private readonly paging = new Paging(this, { page: 'callbacks', search: () => this.search });

  private readonly log = new Task(this, {
    task: ([path], { signal }) => api<Page<StoredCallback>>(path, { signal }),
    args: () =>
      [
        pagePath('/admin/callbacks', pickSearch(this.search, CALLBACK_SEARCH), this.paging.before),
      ] as const,
  });

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    const search = searchParams(
      pickSearch(formValues(event.target as HTMLFormElement), CALLBACK_SEARCH),
    );
    navigate(routeHref({ page: 'callbacks', search }));
  }

  override render() {
    const current = pickSearch(this.search, CALLBACK_SEARCH);
    return html`<h1>${t.heading}</h1>
      <form role="search" class="fields" @submit=${this.filter}>
        <label
          >${t.type}
          <select name="type">
            <option value="">${t.anyType}</option>
            ${CALLBACK_TYPES.map((type) => html`<option ?selected=${current.type === type}>${type}</option>`)}
          </select></label
        >
        <label>${t.objectId}<input name="object_id" .value=${current.object_id ?? ''} aria-describedby="search-hint" /></label>
        <label
          >${t.foreignId}<input name="foreign_id" .value=${current.foreign_id ?? ''} aria-describedby="search-hint"
        /></label>
        <label>${t.status}<input name="status" .value=${current.status ?? ''} size="10" aria-describedby="search-hint" /></label>
        <button>${t.filter}</button>
      </form>
      <p id="search-hint" class="muted">${t.searchHint}</p>
      ${whenLoaded(this.log, (page) => this.renderLog(page))}`;
  }

  private renderLog(page: Page<StoredCallback>) {
    return html`${dataTable(
      t.heading,
      [
        { heading: t.received, cell: (callback) => formatTime(callback.received_at) },
        { heading: t.type, cell: (callback) => callback.type },
        { heading: t.status, cell: (callback) => callback.status ?? strings.none },
        { heading: t.outcome, cell: (callback) => strings.outcomes[callback.outcome] },
        {
          heading: t.objectAndForeignId,
          cellClass: () => 'mono',
          cell: (callback) =>
            html`${callback.object_id ?? strings.none}<br />${callback.foreign_id ?? strings.none}`,
        },
        {
          heading: t.body,
          cell: (callback) =>
            html`<details><summary>${t.showBody}</summary><pre>${prettyJson(callback.body)}</pre></details>`,
        },
      ],
      page.data,
    )}
    ${this.paging.buttons(page.next_before)}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-callbacks': Callbacks;
  }
}
