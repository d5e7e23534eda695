/**
 * `<cp-callbacks>`: the callback log, newest first, filtered by type and foreign_id (by the
 * merchant API) and by object id and status (within the 200 newest the API gives), each body
 * formatted and collapsed, shown as text.
 */
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { api } from '../api.ts';
import { formatTime, prettyJson } from '../format.ts';
import { navigate, routeHref } from '../router.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { StoredCallback } from '../types.ts';
import { formValues, whenLoaded } from '../ui.ts';

const t = strings.callbacks;
const TYPES = ['payment_request', 'invoice', 'withdrawal', 'deposit', 'exchange'];

@customElement('cp-callbacks')
export class Callbacks extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) search = new URLSearchParams();

  private readonly log = new Task(this, {
    task: ([type, foreignId], { signal }) => {
      const query = new URLSearchParams({ limit: '200' });
      if (type) query.set('type', type);
      if (foreignId) query.set('foreign_id', foreignId);
      return api<{ data: StoredCallback[] }>(`/admin/callbacks?${query}`, { signal });
    },
    args: () => [this.search.get('type') ?? '', this.search.get('foreign_id') ?? ''] as const,
  });

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    const values = formValues(event.target as HTMLFormElement);
    navigate(routeHref({ page: 'callbacks', search: new URLSearchParams(values) }));
  }

  override render() {
    const current = (name: string) => this.search.get(name) ?? '';
    return html`<h1>${t.heading}</h1>
      <form role="search" class="fields" @submit=${this.filter}>
        <label
          >${t.type}
          <select name="type">
            <option value="">${t.anyType}</option>
            ${TYPES.map((type) => html`<option ?selected=${current('type') === type}>${type}</option>`)}
          </select></label
        >
        <label>${t.objectId}<input name="object_id" .value=${current('object_id')} /></label>
        <label>${t.foreignId}<input name="foreign_id" .value=${current('foreign_id')} /></label>
        <label>${t.status}<input name="status" .value=${current('status')} size="10" /></label>
        <button>${t.filter}</button>
      </form>
      ${whenLoaded(this.log, ({ data }) => this.renderLog(data))}`;
  }

  private renderLog(callbacks: StoredCallback[]) {
    const objectId = this.search.get('object_id');
    const status = this.search.get('status');
    const shown = callbacks.filter(
      (callback) =>
        (!objectId || callback.object_id === objectId) && (!status || callback.status === status),
    );
    if (shown.length === 0) return html`<p>${strings.empty}</p>`;
    return html`<div class="table-box" tabindex="0">
      <table>
        <caption class="visually-hidden">${t.heading}</caption>
        <thead>
          <tr>
            <th scope="col">${t.received}</th>
            <th scope="col">${t.type}</th>
            <th scope="col">${t.status}</th>
            <th scope="col">${t.outcome}</th>
            <th scope="col">${t.objectId} / ${t.foreignId}</th>
            <th scope="col">${t.body}</th>
          </tr>
        </thead>
        <tbody>
          ${shown.map(
            (callback) => html`<tr>
              <td>${formatTime(callback.received_at)}</td>
              <td>${callback.type}</td>
              <td>${callback.status ?? strings.none}</td>
              <td>${strings.outcomes[callback.outcome] ?? callback.outcome}</td>
              <td class="mono">${callback.object_id ?? strings.none}<br />${callback.foreign_id ?? strings.none}</td>
              <td>
                <details>
                  <summary>${t.showBody}</summary>
                  <pre>${prettyJson(callback.body)}</pre>
                </details>
              </td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-callbacks': Callbacks;
  }
}
