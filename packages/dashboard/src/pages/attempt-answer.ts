/**
 * What a webhook's receiver made of one delivery attempt, as the Webhooks page and a payment's
 * timeline show it: the status once, why it failed where that says more, and the start of the
 * answer's body, collapsed when it is long.
 */
import { html, nothing } from 'lit';
import { strings } from '../strings.ts';
import type { DeliveryAttempt } from '../types.ts';

const t = strings.timeline;

/** An excerpt at least this long, or of several lines, is collapsed: a row stays one glance. */
const SHORT_EXCERPT = 60;

type Answered = Pick<DeliveryAttempt, 'status_code' | 'duration_ms' | 'error' | 'response_excerpt'>;

/** "answered 500 in 12 ms", or "no answer after 10000 ms". */
export const answerLine = (attempt: Answered): string =>
  attempt.status_code === undefined
    ? t.noAnswer(attempt.duration_ms)
    : t.answered(attempt.status_code, attempt.duration_ms);

/**
 * Why the attempt failed, unless it only says the status again: the proxy's error for an error
 * status is "answered 500" (`webhookRefusal`); a redirect's, a timeout's or a refused
 * connection's says more.
 */
export function failureReason(attempt: Answered): string | undefined {
  const { error, status_code } = attempt;
  return error && error !== `answered ${status_code}` ? error : undefined;
}

/** The start of what the receiver answered, as text: shown when short, else collapsed. */
export function answerExcerpt({ response_excerpt: excerpt }: Answered) {
  if (!excerpt) return nothing;
  return excerpt.length < SHORT_EXCERPT && !excerpt.includes('\n')
    ? html`<div>${t.excerpt}: <code>${excerpt}</code></div>`
    : html`<details><summary>${t.excerpt}</summary><pre>${excerpt}</pre></details>`;
}
