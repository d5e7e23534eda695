/**
 * `<cp-audit>`: who did what and when (`GET /admin/audit-log`, owners only), newest first, a
 * page at a time (Older, Newer), filtered by actor and action; the filters are in the page's
 * address, like the payments list's. A webhook endpoint is named by its address.
 */
import { Task } from '@lit/task';
import { html, LitElement } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { api } from '../api.ts';
import { auditDetailLines, formatTime } from '../format.ts';
import { AUDIT_SEARCH, pagePath, pickSearch, searchParams } from '../list-query.ts';
import { Paging } from '../paging.ts';
import { navigate, routeHref } from '../router.ts';
import { keysOf, strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { dataTable } from '../table.ts';
import type { AuditEntry, Page, WebhookEndpoint } from '../types.ts';
import { formValues, whenLoaded } from '../ui.ts';

const t = strings.audit;

/** The audit log's actions (the contract's, and the money operations the service refused). */
const ACTIONS = keysOf(t.actions);

/** An action in words (one a newer proxy writes shows as its code). */
const actionWords = (action: string) => t.actions[action as keyof typeof t.actions] ?? action;

/** The actions whose target is a webhook endpoint's id. */
const ON_ENDPOINTS = new Set([
  'endpoint_created',
  'endpoint_changed',
  'endpoint_deleted',
  'secret_rotated',
  'endpoint_tested',
]);

@customElement('cp-audit')
export class Audit extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) search = new URLSearchParams();

  private readonly paging = new Paging(this, { page: 'audit', search: () => this.search });

  private readonly log = new Task(this, {
    task: ([path], { signal }) => api<Page<AuditEntry>>(path, { signal }),
    args: () =>
      [
        pagePath('/admin/audit-log', pickSearch(this.search, AUDIT_SEARCH), this.paging.before),
      ] as const,
  });

  /**
   * The endpoints' addresses by id, so an entry about one names it as the Webhooks page does (a
   * deleted one, no longer listed, keeps its id). Without them, the ids alone.
   */
  private readonly endpoints = new Task(this, {
    task: (_args, { signal }) =>
      api<{ data: WebhookEndpoint[] }>('/admin/webhook-endpoints', { signal }).then(
        ({ data }) => new Map(data.map((endpoint) => [endpoint.id, endpoint.url])),
        () => new Map<string, string>(),
      ),
    args: () => [],
  });

  /** `https://shop.example/hooks (whe_…)`, or the id alone when it is not listed. */
  private endpointNamed(id: string): string {
    const url = this.endpoints.value?.get(id);
    return url === undefined ? id : `${url} (${id})`;
  }

  private filter(event: SubmitEvent): void {
    event.preventDefault();
    const search = searchParams(
      pickSearch(formValues(event.target as HTMLFormElement), AUDIT_SEARCH),
    );
    navigate(routeHref({ page: 'audit', search }));
  }

  override render() {
    const current = pickSearch(this.search, AUDIT_SEARCH);
    return html`<h1>${t.heading}</h1>
      <form role="search" class="fields" @submit=${this.filter}>
        <label>${t.filterActor}<input name="actor" .value=${current.actor ?? ''} /></label>
        <label
          >${t.filterAction}
          <select name="action">
            <option value="">${t.anyAction}</option>
            ${ACTIONS.map((action) => html`<option value=${action} ?selected=${current.action === action}>${actionWords(action)}</option>`)}
          </select></label
        >
        <button>${strings.apply}</button>
      </form>
      ${whenLoaded(this.log, (page) => this.renderLog(page))}`;
  }

  private renderLog(page: Page<AuditEntry>) {
    return html`${dataTable(
      t.heading,
      [
        { heading: t.at, cell: (entry) => formatTime(entry.at) },
        { heading: t.actor, cell: (entry) => entry.actor },
        { heading: t.action, cell: (entry) => actionWords(entry.action) },
        {
          heading: t.target,
          cell: (entry) =>
            entry.target === undefined
              ? strings.none
              : ON_ENDPOINTS.has(entry.action)
                ? this.endpointNamed(entry.target)
                : entry.target,
          // The dash of an action on nothing is a word, as in the detail's column.
          cellClass: (entry) => (entry.target === undefined ? '' : 'mono'),
        },
        {
          heading: t.detail,
          cell: ({ detail }) =>
            detail === undefined
              ? strings.none
              : auditDetailLines(
                  typeof detail.endpoint_id === 'string'
                    ? { ...detail, endpoint_id: this.endpointNamed(detail.endpoint_id) }
                    : detail,
                ).map((line) => html`<div>${line}</div>`),
        },
      ],
      page.data,
    )}
    ${this.paging.buttons(page.next_before)}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-audit': Audit;
  }
}
