/**
 * `<cp-timeline-view>`: a payment's timeline as an ordered list, oldest first: created, each
 * callback and its outcome, each status change, and each webhook event with its deliveries under
 * it: per endpoint, whether it was delivered there and every attempt. An event's Redeliver (to
 * every endpoint, asked first) and an undelivered endpoint's (to it alone) fire a
 * `RedeliverEvent` for the page to act on.
 */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { deliveredOk, formatTime, statusWords } from '../format.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { TimelineEntry, WebhookEndpoint } from '../types.ts';
import { answerExcerpt, answerLine, failureReason } from './attempt-answer.ts';
import { RedeliverEvent } from './redeliver-event.ts';

const t = strings.timeline;

@customElement('cp-timeline-view')
export class TimelineView extends LitElement {
  static override styles = [
    tokens,
    shared,
    css`
      ol {
        list-style: none;
        padding: 0;
        margin: 0;
        border-inline-start: 3px solid var(--_surface);
      }
      li {
        padding: 0.35rem 0 0.35rem var(--_space);
      }
      ul,
      li ol {
        list-style: none;
        padding-inline-start: var(--_space);
        margin: 0.25rem 0 0;
      }
      li.attempt {
        padding-block: 0.2rem;
      }
      time {
        display: block;
        font-size: 0.85rem;
        color: var(--_muted);
      }
      .failed {
        color: var(--_danger);
      }
    `,
  ];

  @property({ attribute: false }) entries: TimelineEntry[] = [];
  @property({ attribute: false }) canRedeliver = false;
  /** The webhook endpoints, to say how many a redelivery to every endpoint reaches; unknown if unset. */
  @property({ attribute: false }) endpoints: WebhookEndpoint[] | undefined;

  override render() {
    if (this.entries.length === 0) return html`<p>${strings.payment.timelineEmpty}</p>`;
    // Attempts go under their event, not in time order: retries come minutes or hours later,
    // after later events, and as lines of their own they could not say which event they carry
    // nor whether it ever arrived. Under the event, each endpoint's verdict comes first.
    const deliveries = deliveriesByEvent(this.entries);
    const events = new Set(this.entries.flatMap((e) => (e.kind === 'event' ? [e.event_id] : [])));
    const placed = new Set<string>();
    const shown = this.entries.filter((entry) => {
      if (entry.kind !== 'delivery_attempt') return true;
      // An attempt whose event is not in the timeline heads its own group, at its time.
      if (events.has(entry.event_id) || placed.has(entry.event_id)) return false;
      placed.add(entry.event_id);
      return true;
    });
    return html`<ol>
      ${shown.map(
        (entry) => html`<li>
        <time>${formatTime(entry.at)}</time>${this.describe(entry, deliveries)}
      </li>`,
      )}
    </ol>`;
  }

  private describe(entry: TimelineEntry, deliveries: Map<string, Map<string, Attempt[]>>) {
    switch (entry.kind) {
      case 'created':
        return t.created;
      case 'callback':
        return t.callback(
          entry.type,
          entry.status ?? strings.none,
          strings.outcomes[entry.outcome],
        );
      case 'status':
        return t.status(statusWords(entry.status, entry.detail));
      case 'stale':
        return t.stale;
      case 'event':
        return this.event(entry.event_id, entry.type, deliveries.get(entry.event_id));
      case 'delivery_attempt':
        return this.event(entry.event_id, undefined, deliveries.get(entry.event_id));
    }
  }

  /** An event (its type unknown when the timeline lacks it), then its deliveries per endpoint. */
  private event(
    eventId: string,
    type: string | undefined,
    byEndpoint = new Map<string, Attempt[]>(),
  ) {
    const groups = [...byEndpoint.values()];
    const delivered = groups.filter((attempts) => attempts.some(deliveredOk)).length;
    const named = type ?? eventId;
    const count = type === undefined ? undefined : this.takingCount(type);
    return html`${type === undefined ? t.eventById : t.event(type)} <code>${eventId}</code>
      ${
        this.canRedeliver
          ? html`<button
              class="secondary"
              @click=${(click: Event) =>
                click.currentTarget?.dispatchEvent(
                  new RedeliverEvent(eventId, {
                    question: t.redeliverEveryQuestion(named, eventId, count, delivered),
                  }),
                )}
            >
              ${t.redeliverEvery(count)}<span class="visually-hidden"
                >${t.redeliverWhich(named, eventId)}</span
              >
            </button>`
          : nothing
      }
      ${
        groups.length === 0
          ? html`<p class="muted">${t.noAttempts}</p>`
          : html`<ul>
              ${groups.map((attempts) => this.delivery(eventId, named, attempts))}
            </ul>`
      }`;
  }

  /** One endpoint's delivery of an event: delivered or not, its Redeliver if not, its attempts. */
  private delivery(eventId: string, named: string, attempts: Attempt[]) {
    const latest = attempts.at(-1)!;
    const delivered = attempts.some(deliveredOk);
    return html`<li>
      <strong class=${delivered ? '' : 'failed'}
        >${delivered ? t.deliveredTo(latest.endpoint_url) : t.notDeliveredTo(latest.endpoint_url)}</strong
      >
      ${
        this.canRedeliver && !delivered
          ? html`<button
              class="secondary"
              @click=${(click: Event) =>
                click.currentTarget?.dispatchEvent(
                  new RedeliverEvent(eventId, { endpointId: latest.endpoint_id }),
                )}
            >
              ${t.redeliverTo}<span class="visually-hidden"
                >${t.redeliverToWhich(named, eventId, latest.endpoint_url)}</span
              >
            </button>`
          : nothing
      }
      <ol>
        ${attempts.map((attempt) => {
          const reason = failureReason(attempt);
          return html`<li class="attempt">
            <time>${formatTime(attempt.at)}</time>
            <span class=${deliveredOk(attempt) ? '' : 'failed'}
              >${t.attempt(attempt.attempt, attempt.endpoint_url)}: ${answerLine(attempt)}</span
            >
            ${reason ? html`<div>${t.error}: ${reason}</div>` : nothing}
            ${answerExcerpt(attempt)}
          </li>`;
        })}
      </ol>
    </li>`;
  }

  /**
   * How many endpoints a redelivery to every endpoint reaches: the enabled ones that take the
   * type (no event types, or this one among them), as the proxy fans an event out.
   */
  private takingCount(type: string): number | undefined {
    return this.endpoints?.filter(
      (endpoint) =>
        !endpoint.disabled &&
        (endpoint.event_types === undefined || endpoint.event_types.includes(type)),
    ).length;
  }
}

type Attempt = Extract<TimelineEntry, { kind: 'delivery_attempt' }>;

/** Each event's attempts, per endpoint (in the order first tried), oldest first. */
function deliveriesByEvent(entries: TimelineEntry[]): Map<string, Map<string, Attempt[]>> {
  const byEvent = new Map<string, Map<string, Attempt[]>>();
  for (const entry of entries) {
    if (entry.kind !== 'delivery_attempt') continue;
    const byEndpoint = byEvent.get(entry.event_id) ?? new Map<string, Attempt[]>();
    byEvent.set(entry.event_id, byEndpoint);
    byEndpoint.set(entry.endpoint_id, [...(byEndpoint.get(entry.endpoint_id) ?? []), entry]);
  }
  return byEvent;
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-timeline-view': TimelineView;
  }
}
