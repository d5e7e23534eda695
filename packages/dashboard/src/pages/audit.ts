/**
 * `<cp-audit>`: who did what and when (`GET /admin/audit-log`, owners only), newest first, a
 * page at a time, filtered by actor and action.
 */
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import { api } from '../api.ts';
import { formatTime, prettyJson } from '../format.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { Page } from '../types.ts';
import { formValues, whenLoaded } from '../ui.ts';

const t = strings.audit;

/** The audit log's actions (the contract's, and the money operations the service refused). */
const ACTIONS = Object.keys(t.actions);

/** An action in words, its code beside (an action a newer proxy writes shows as its code). */
const actionWords = (action: string) => t.actions[action] ?? action;

interface AuditEntry {
  id: string;
  at: number;
  actor: string;
  action: string;
  target?: string;
  detail?: unknown;
}

@customElement('cp-audit')
export class Audit extends LitElement {
  static override styles = [tokens, shared];

  @state() private filters: Record<string, string> = {};
  @state() private pageBefore: string | undefined;

  private readonly log = new Task(this, {
    task: ([filters, before], { signal }) => {
      const query = new URLSearchParams({ ...filters, limit: '50' });
      if (before) query.set('before', before);
      return api<Page<AuditEntry>>(`/admin/audit-log?${query}`, { signal });
    },
    args: () => [this.filters, this.pageBefore] as const,
  });

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    this.pageBefore = undefined;
    this.filters = formValues(event.target as HTMLFormElement);
  }

  override render() {
    return html`<h1>${t.heading}</h1>
      <form role="search" class="fields" @submit=${this.filter}>
        <label>${t.filterActor}<input name="actor" /></label>
        <label
          >${t.filterAction}
          <select name="action">
            <option value="">${t.anyAction}</option>
            ${ACTIONS.map((action) => html`<option value=${action}>${actionWords(action)}</option>`)}
          </select></label
        >
        <button>${strings.apply}</button>
      </form>
      ${whenLoaded(this.log, (page) => this.renderLog(page))}`;
  }

  private renderLog(page: Page<AuditEntry>) {
    if (page.data.length === 0) return html`<p>${strings.empty}</p>`;
    return html`<div class="table-box" tabindex="0">
        <table>
          <caption class="visually-hidden">${t.heading}</caption>
          <thead>
            <tr>
              <th scope="col">${t.at}</th>
              <th scope="col">${t.actor}</th>
              <th scope="col">${t.action}</th>
              <th scope="col">${t.target}</th>
              <th scope="col">${t.detail}</th>
            </tr>
          </thead>
          <tbody>
            ${page.data.map(
              (entry) => html`<tr>
                <td>${formatTime(entry.at)}</td>
                <td>${entry.actor}</td>
                <td>${actionWords(entry.action)}</td>
                <td class="mono">${entry.target ?? strings.none}</td>
                <td>${entry.detail === undefined ? strings.none : html`<pre>${prettyJson(entry.detail)}</pre>`}</td>
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${
        page.next_before
          ? html`<p><button @click=${() => (this.pageBefore = page.next_before)}>${strings.nextPage}</button></p>`
          : ''
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-audit': Audit;
  }
}
