/**
 * `<cp-timeline-view>`: a payment's timeline as an ordered list, oldest first: created, each
 * callback and its outcome, each status change, each webhook event (with a Redeliver button,
 * which fires a `RedeliverEvent`) and every delivery attempt under it.
 */
import { css, html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { deliveredOk, formatTime, statusWords } from '../format.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import type { TimelineEntry } from '../types.ts';
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
      li.attempt {
        padding-inline-start: calc(var(--_space) * 2);
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

  override render() {
    if (this.entries.length === 0) return html`<p>${strings.payment.timelineEmpty}</p>`;
    return html`<ol>
      ${this.entries.map(
        (entry) => html`<li class=${entry.kind === 'delivery_attempt' ? 'attempt' : ''}>
        <time>${formatTime(entry.at)}</time>${this.describe(entry)}
      </li>`,
      )}
    </ol>`;
  }

  private describe(entry: TimelineEntry) {
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
        return html`${t.event(entry.type)} <code>${entry.event_id}</code>
          ${
            this.canRedeliver
              ? html`<button
                class="secondary"
                aria-label=${t.redeliverLabel(entry.type, entry.event_id)}
                @click=${() => this.dispatchEvent(new RedeliverEvent(entry.event_id))}
              >
                ${strings.redeliver}
              </button>`
              : nothing
          }`;
      case 'delivery_attempt': {
        const reason = failureReason(entry);
        return html`<span class=${deliveredOk(entry) ? '' : 'failed'}
            >${t.attempt(entry.attempt, entry.endpoint_url)}: ${answerLine(entry)}</span
          >
          ${reason ? html`<div>${t.error}: ${reason}</div>` : nothing}
          ${answerExcerpt(entry)}`;
      }
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-timeline-view': TimelineView;
  }
}
