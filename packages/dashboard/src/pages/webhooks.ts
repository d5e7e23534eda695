/**
 * `<cp-webhooks>`: what is waiting to be delivered and since when, the deliveries still failing
 * first (one row each, its latest failed attempt, with a Redeliver button), those dropped before
 * any attempt (an endpoint disabled while they waited: no attempt lists them, nothing retries
 * them; Redeliver too), the webhook endpoints
 * (add, disable, delete, rotate the secret, send a test event; a secret made is shown once here,
 * the focus on it, with a Copy button), then every delivery attempt.
 */
import { Task } from '@lit/task';
import { html, LitElement, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { Action } from '../action.ts';
import { api } from '../api.ts';
import { deliveredOk, formatTime } from '../format.ts';
import { pagePath } from '../list-query.ts';
import { Paging } from '../paging.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { type Column, dataTable } from '../table.ts';
import type {
  Account,
  DeliveryAttempt,
  DroppedDelivery,
  Page,
  WebhookBacklog,
  WebhookEndpoint,
} from '../types.ts';
import { allows } from '../types.ts';
import { copyText, formValues, reload, whenLoaded } from '../ui.ts';
import { answerExcerpt, answerLine, failureReason } from './attempt-answer.ts';
import { redeliverEvent } from './redeliver-event.ts';
import { type EndpointActions, endpointColumns } from './webhook-endpoints.ts';

const t = strings.webhooks;

/** What a delivery and a failed attempt both name: the event and the endpoint it goes to. */
type EventToEndpoint = Pick<
  DroppedDelivery,
  'endpoint_url' | 'endpoint_id' | 'event_type' | 'event_id'
>;
const DELIVERIES = '/admin/webhook-deliveries';

/** The id of the line saying that a failing delivery is not retried: its disabled Redeliver's why. */
const notRetriedId = (attempt: DeliveryAttempt) => `not-retried-${attempt.id}`;

/**
 * When a delivery is tried next: while it still retries, when its next attempt is due; a
 * failing one whose endpoint is disabled (`disabledUrl`, its address now), that nothing retries
 * it until that endpoint is enabled again.
 */
function nextLine(attempt: DeliveryAttempt, disabledUrl: string | undefined) {
  if (disabledUrl !== undefined) {
    return html`<div class="muted" id=${notRetriedId(attempt)}>${t.notRetried(disabledUrl)}</div>`;
  }
  if (attempt.next_attempt_at === undefined) return nothing;
  return html`<div class="muted">${t.nextAttempt(formatTime(attempt.next_attempt_at))}</div>`;
}

/**
 * What the receiver answered (its status once), why it failed where that says more, the start
 * of its answer, and when it is tried next (`nextLine`).
 */
const answerWords = (attempt: DeliveryAttempt, disabledUrl?: string) => {
  const reason = failureReason(attempt);
  return html`${deliveredOk(attempt) ? t.succeeded : t.failed}: ${answerLine(attempt)}
    ${reason ? html`<br />${reason}` : nothing}
    ${answerExcerpt(attempt)}
    ${nextLine(attempt, disabledUrl)}`;
};

/** A signing secret just made, for the endpoint at `url`; `until`: the old one's end, if rotated. */
interface MadeSecret {
  secret: string;
  url: string;
  until?: number;
}

@customElement('cp-webhooks')
export class Webhooks extends LitElement {
  static override styles = [tokens, shared];

  @property({ attribute: false }) account: Account | undefined;
  /** A secret just made, and the address of the endpoint it signs for: shown once, until the next action. */
  @state() private secret: MadeSecret | undefined;
  /** What the last copy of the secret did (a live region). */
  @state() private copied = '';

  private readonly backlog = new Task(this, {
    task: (_args, { signal }) => api<WebhookBacklog>('/admin/webhook-backlog', { signal }),
    args: () => [],
  });

  private readonly endpoints = new Task(this, {
    task: (_args, { signal }) =>
      api<{ data: WebhookEndpoint[] }>('/admin/webhook-endpoints', { signal }),
    args: () => [],
  });

  private readonly failedPaging = new Paging(this);
  private readonly failures = new Task(this, {
    task: ([path], { signal }) => api<Page<DeliveryAttempt>>(path, { signal }),
    args: () => [pagePath(DELIVERIES, { failed: 'true' }, this.failedPaging.before, 25)] as const,
  });

  private readonly droppedPaging = new Paging(this);
  private readonly dropped = new Task(this, {
    task: ([path], { signal }) => api<Page<DroppedDelivery>>(path, { signal }),
    args: () => [pagePath(`${DELIVERIES}/dropped`, {}, this.droppedPaging.before, 25)] as const,
  });

  private readonly allPaging = new Paging(this);
  private readonly attempts = new Task(this, {
    task: ([path], { signal }) => api<Page<DeliveryAttempt>>(path, { signal }),
    args: () => [pagePath(DELIVERIES, {}, this.allPaging.before)] as const,
  });

  private readonly action = new Action(this, () =>
    reload(this.backlog, this.endpoints, this.failures, this.dropped, this.attempts),
  );

  /** What the endpoints' buttons do. */
  private readonly endpointActions: EndpointActions = {
    test: (id) =>
      this.run(async () => {
        await api(`/admin/webhook-endpoints/${encodeURIComponent(id)}/test`, {
          method: 'POST',
          body: {},
        });
        return t.testSent;
      }),
    enable: (id) => this.run(() => this.patchDisabled(id, false).then(() => t.enabledNow)),
    disable: (id, url, opener) => {
      // What waits for it is dropped, and enabling it again does not bring that back: asked
      // first, with how much that is.
      const waiting =
        this.backlog.value?.endpoints.find((entry) => entry.endpoint_id === id)?.pending ?? 0;
      this.action.ask(
        t.disableQuestion(url, waiting),
        t.confirmDisable,
        async () => {
          this.secret = undefined;
          await this.patchDisabled(id, true);
          return t.disabledNow(url);
        },
        opener,
      );
    },
    rotate: (id, url) =>
      this.runForSecret(async () => {
        const rotated = await api<{ secret: string; previous_secret_expires_at: number }>(
          `/admin/webhook-endpoints/${encodeURIComponent(id)}/rotate-secret`,
          { method: 'POST', body: {} },
        );
        return {
          secret: rotated.secret,
          url,
          until: rotated.previous_secret_expires_at,
          done: t.rotated(url),
        };
      }),
    remove: (id, url, opener) => {
      this.action.ask(
        t.removeQuestion(url),
        t.confirmRemove,
        async () => {
          // Gone with the next action, as `run` does; not when the endpoint is kept.
          this.secret = undefined;
          await api(`/admin/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' });
          return t.removed(url);
        },
        opener,
      );
    },
  };

  private patchDisabled(id: string, disabled: boolean) {
    return api(`/admin/webhook-endpoints/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: { disabled },
    });
  }

  /** Runs an action; a secret shown before is gone with the next one. */
  private readonly run = (work: () => Promise<unknown>, prefix?: string): Promise<boolean> => {
    this.secret = undefined;
    this.copied = '';
    return this.action.run(work, prefix);
  };

  /**
   * Runs an action that makes a secret (an endpoint added, a secret rotated). It is shown only
   * now, so the focus goes to it, with the result line: read first, and its Copy button next.
   * A refusal gets the focus too: the form is far down a long page, the line at its top.
   */
  private async runForSecret(make: () => Promise<MadeSecret & { done: string }>) {
    await this.run(async () => {
      const { done, ...secret } = await make();
      this.secret = secret;
      return done;
    });
    await this.updateComplete;
    this.action.focusResult();
  }

  /** Copies the secret shown; says so, or how to copy it by hand. */
  private async copySecret(secret: string): Promise<void> {
    this.copied = '';
    this.copied = (await copyText(secret)) ? t.secretCopied : t.secretCopyFailed;
  }

  private add(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const { url = '', event_types } = formValues(form);
    const types = event_types
      ?.split(',')
      .map((type) => type.trim())
      .filter(Boolean);
    this.runForSecret(async () => {
      const created = await api<{ id: string; url: string; secret: string }>(
        '/admin/webhook-endpoints',
        { method: 'POST', body: { url, ...(types?.length ? { event_types: types } : {}) } },
      );
      form.reset();
      // The address as the proxy keeps it, as the table lists it.
      return { secret: created.secret, url: created.url, done: t.added(created.url) };
    });
  }

  override render() {
    const operator = allows(this.account, 'operator');
    return html`<h1>${t.heading}</h1>
      ${this.action.view(this.secret ? this.secretPanel(this.secret) : nothing)}
      ${whenLoaded(this.backlog, (backlog) => html`<p>${this.backlogLine(backlog)}</p>`)}
      <h2>${t.failingDeliveries}</h2>
      <p class="muted">${t.failingIntro}</p>
      ${whenLoaded(
        this.failures,
        (page) => html`${this.renderFailures(page.data, operator)}
          ${this.failedPaging.buttons(page.next_before, t.failingDeliveries)}`,
      )}
      <h2>${t.droppedDeliveries}</h2>
      <p class="muted">${t.droppedIntro}</p>
      ${whenLoaded(
        this.dropped,
        (page) => html`${this.renderDropped(page.data, operator)}
          ${this.droppedPaging.buttons(page.next_before, t.droppedDeliveries)}`,
      )}
      <h2>${t.endpoints}</h2>
      ${whenLoaded(this.endpoints, ({ data }) =>
        dataTable(
          t.endpoints,
          endpointColumns({
            actions: operator ? this.endpointActions : undefined,
            owner: allows(this.account, 'owner'),
            backlog: this.backlog.value,
          }),
          data,
        ),
      )}
      ${
        operator
          ? html`<form class="fields" @submit=${this.add}>
            <label>${t.url}<input name="url" type="url" required size="36" /></label>
            <label>${t.eventTypes}<input name="event_types" size="30" /></label>
            <button>${t.add}</button>
          </form>`
          : nothing
      }
      <h2>${t.deliveries}</h2>
      ${whenLoaded(
        this.attempts,
        (page) => html`${dataTable(t.deliveries, this.attemptColumns(), page.data)}
          ${this.allPaging.buttons(page.next_before, t.deliveries)}`,
      )}`;
  }

  /** The secret just made, shown once; the action's focus lands on it (see `runForSecret`). */
  private secretPanel({ secret, url, until }: MadeSecret) {
    return html`<div class="notice" role="group" aria-labelledby="new-secret">
      <p id="new-secret">${t.newSecret(url)}</p>
      <p><code>${secret}</code></p>
      ${until ? html`<p>${t.oldSecretKept(formatTime(until))}</p>` : nothing}
      <p class="fields">
        <button class="secondary" @click=${() => this.copySecret(secret)}>${t.copySecret}</button>
        <span role="status">${this.copied}</span>
      </p>
    </div>`;
  }

  private backlogLine(backlog: WebhookBacklog): string {
    if (backlog.pending === 0) return t.noBacklog;
    return backlog.oldest_pending_at === undefined
      ? t.backlog(backlog.pending)
      : t.backlogSince(backlog.pending, formatTime(backlog.oldest_pending_at));
  }

  private attemptColumns(): Column<DeliveryAttempt>[] {
    return [
      { heading: t.at, cell: (a) => formatTime(a.attempted_at) },
      { heading: t.event, cell: (a) => html`${a.event_type}<br /><code>${a.event_id}</code>` },
      { heading: t.endpoint, cell: (a) => a.endpoint_url, address: true },
      { heading: t.attempt, cell: (a) => a.attempt },
      {
        heading: t.answer,
        cell: (a) => answerWords(a),
        cellClass: (a) => (deliveredOk(a) ? '' : 'error'),
      },
    ];
  }

  /**
   * A table of an event's deliveries to an endpoint (failing, or dropped unsent): the endpoint,
   * the event, `more` columns of their own, and for operators a Redeliver of the event there,
   * disabled where `blockedBy` gives the id of the line saying why (its endpoint disabled: the
   * proxy would refuse it), which describes it.
   */
  private redeliverable<T extends EventToEndpoint>(
    caption: string,
    more: Column<T>[],
    rows: T[],
    operator: boolean,
    empty: string,
    blockedBy: (row: T) => string | undefined = () => undefined,
  ) {
    return dataTable(
      caption,
      [
        { heading: t.endpoint, cell: (row) => row.endpoint_url, address: true },
        {
          heading: t.event,
          cell: (row) => html`${row.event_type}<br /><code>${row.event_id}</code>`,
        },
        ...more,
        operator && {
          heading: strings.redeliver,
          headingHidden: true,
          cell: (row) => {
            const why = blockedBy(row);
            // `aria-disabled`, not `disabled`: the button stays in the tab order, so its reason
            // (`aria-describedby`) is heard.
            return html`<button
              class="secondary"
              aria-disabled=${why === undefined ? nothing : 'true'}
              aria-describedby=${why ?? nothing}
              @click=${() => {
                if (why === undefined) redeliverEvent(this.run, row.event_id, row.endpoint_id);
              }}
            >
              ${strings.redeliver}<span class="visually-hidden"> ${row.event_type} ${row.event_id}</span>
            </button>`;
          },
        },
      ],
      rows,
      { empty },
    );
  }

  private renderDropped(dropped: DroppedDelivery[], operator: boolean) {
    return this.redeliverable(
      t.droppedDeliveries,
      [{ heading: t.queuedAt, cell: (d) => formatTime(d.queued_at) }],
      dropped,
      operator,
      t.noDropped,
    );
  }

  private renderFailures(failures: DeliveryAttempt[], operator: boolean) {
    // The disabled endpoints' addresses: their failures are not retried.
    const disabled = new Map(
      (this.endpoints.value?.data ?? [])
        .filter((endpoint) => endpoint.status === 'disabled')
        .map((endpoint) => [endpoint.id, endpoint.url]),
    );
    return this.redeliverable(
      t.failingDeliveries,
      [
        {
          heading: t.answer,
          cell: (a) => answerWords(a, disabled.get(a.endpoint_id)),
          cellClass: () => 'error',
        },
        { heading: t.at, cell: (a) => formatTime(a.attempted_at) },
      ],
      failures,
      operator,
      t.noFailures,
      (a) => (disabled.has(a.endpoint_id) ? notRetriedId(a) : undefined),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-webhooks': Webhooks;
  }
}
