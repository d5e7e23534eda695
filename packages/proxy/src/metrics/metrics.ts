/**
 * The proxy's Prometheus metrics: one registry of its own (not prom-client's global one), the
 * `crypto_pay_*` families the README lists, and the recorder every counting place calls. With
 * `METRICS_PORT` unset the recorder is `noMetrics`, which does nothing. Labels are closed sets
 * (route templates, statuses, fixed names): never an id, an amount, an address or a person.
 */

import { FINAL_CHECKOUT_STATUSES } from '@crypto-pay/protocol/checkout-status';
import { PRICING_MODES, type PricingMode, STATUS_DETAILS } from '@crypto-pay/protocol/proxy-api';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { StatusCopyFigures } from '../store/status-copy.ts';
import { requestTally } from './request-tally.ts';

/** What the counting places tell; each method is called from one place only. */
export interface Metrics {
  /** An answered request (`route`: the Hono route template, or `UNMATCHED_ROUTE`). */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  checkoutCreated(pricing: PricingMode): void;
  /** A checkout reached `paid`, `failed` or `expired`; `detail`: its status detail or `none`. */
  checkoutFinished(status: string, detail: string): void;
  /**
   * A callback's `type` as the service sent it (`unverified` when refused; labelled from a
   * closed set, `CALLBACK_TYPES`) and what it did.
   */
  callback(type: string, outcome: CallbackOutcome): void;
  /** One call of the processing client: its operation and the status it ended with. */
  upstreamRequest(operation: string, status: string, seconds: number): void;
  webhookAttempt(result: WebhookAttemptResult): void;
}

export type CallbackOutcome =
  | 'applied'
  | 'duplicate'
  | 'late'
  | 'recorded'
  | 'unknown'
  | 'refused'
  | 'invalid'
  | 'error';

/**
 * The `type` label's values: the spec's kinds, `exchange` for every `*_exchange` one, `other`
 * for a kind the service adds later, `unverified` when the callback was refused. A closed set:
 * whatever the service (or a forger) sends, it cannot add series.
 */
export const CALLBACK_TYPES = [
  'payment_request',
  'invoice',
  'deposit',
  'withdrawal',
  'exchange',
  'other',
  'unverified',
] as const;
export type CallbackTypeLabel = (typeof CALLBACK_TYPES)[number];

export function callbackTypeLabel(type: string): CallbackTypeLabel {
  if ((CALLBACK_TYPES as readonly string[]).includes(type)) return type as CallbackTypeLabel;
  return type.endsWith('_exchange') ? 'exchange' : 'other';
}

/** The outcomes each type can have: their series exist from the start, at 0. */
const CALLBACK_SERIES: [CallbackTypeLabel, CallbackOutcome[]][] = [
  ['payment_request', ['applied', 'duplicate', 'late', 'unknown', 'error']],
  ...(['invoice', 'deposit', 'withdrawal', 'exchange', 'other'] as const).map(
    (type): [CallbackTypeLabel, CallbackOutcome[]] => [type, ['recorded', 'error']],
  ),
  ['unverified', ['refused', 'invalid']],
];

/** The final statuses and their details, as `crypto_pay_checkouts_finished_total` labels them. */
const FINISHED_DETAILS = [...STATUS_DETAILS, 'none'];

/** `delivered` (2xx), `rejected` (answered otherwise), `unreachable` (no answer in time). */
export type WebhookAttemptResult = 'delivered' | 'rejected' | 'unreachable';
const WEBHOOK_RESULTS: WebhookAttemptResult[] = ['delivered', 'rejected', 'unreachable'];

/** The `route` of a request no route matched: one value, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The recorder when metrics are off. */
export const noMetrics: Metrics = {
  httpRequest() {},
  checkoutCreated() {},
  checkoutFinished() {},
  callback() {},
  upstreamRequest() {},
  webhookAttempt() {},
};

/** Methods a client may send; anything else is `other`, so a client cannot add label values. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Status reads are answered in well under a millisecond and creates wait on the service, so
 * the buckets run from 1 ms to 10 s.
 */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Calls to the service take tens of milliseconds to seconds, bounded by UPSTREAM_TIMEOUT_MS. */
const UPSTREAM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** What the registry reads at each scrape from the process itself (kept in memory). */
export interface LiveFigures {
  eventStreams(): number;
  /** Connections the caps closed to make room (`shed`) and refused (`refused`) since the start. */
  connections(): { shed: number; refused: number };
  /** The PostgreSQL pool's connections; undefined on SQLite. */
  pool?: (() => { total: number; idle: number; waiting: number }) | undefined;
  /** How status reads were answered by PostgreSQL's copy; undefined on SQLite or with no copy. */
  statusCopy?: (() => StatusCopyFigures) | undefined;
}

export interface MetricsRegistry {
  registry: Registry;
  metrics: Metrics;
  /** Connects the figures read at scrape time (once the server and hub exist). */
  watch(live: LiveFigures): void;
}

export function createMetricsRegistry(): MetricsRegistry {
  const registry = new Registry();
  // Unprefixed, as prom-client names them: the `process_*` and `nodejs_*` names Node.js
  // dashboards and alerts already query.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequest = requestTally({
    requests: {
      name: 'crypto_pay_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status.',
    },
    duration: {
      name: 'crypto_pay_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (to the first byte of an event stream).',
      buckets: HTTP_BUCKETS,
    },
    registers,
  });
  const created = new Counter({
    name: 'crypto_pay_checkouts_created_total',
    help: 'Checkouts created, by pricing (product, session, amount), as the API names it.',
    labelNames: ['pricing'] as const,
    registers,
  });
  const finished = new Counter({
    name: 'crypto_pay_checkouts_finished_total',
    help: 'Checkouts that reached a final status, with its detail (underpaid, late, overpaid, none).',
    labelNames: ['status', 'detail'] as const,
    registers,
  });
  const callbacks = new Counter({
    name: 'crypto_pay_callbacks_total',
    help: 'Callbacks received from the processing service, by type and outcome.',
    labelNames: ['type', 'outcome'] as const,
    registers,
  });
  const upstream = new Counter({
    name: 'crypto_pay_upstream_requests_total',
    help: 'Calls to the processing service, by operation and status (2xx, the HTTP status of a refusal or a 5xx, or timeout, connection, malformed_response, invalid, error).',
    labelNames: ['operation', 'status'] as const,
    registers,
  });
  const upstreamDuration = new Histogram({
    name: 'crypto_pay_upstream_request_duration_seconds',
    help: 'Time of a call to the processing service, its retries included.',
    labelNames: ['operation'] as const,
    buckets: UPSTREAM_BUCKETS,
    registers,
  });
  const webhookAttempts = new Counter({
    name: 'crypto_pay_webhook_attempts_total',
    help: 'Webhook delivery attempts sent by this proxy, by result (delivered, rejected, unreachable).',
    labelNames: ['result'] as const,
    registers,
  });

  // Every series of a closed label set exists from the start at 0: increase() and rate() see
  // the first count after a restart, which they would miss on a series that appears with it.
  for (const pricing of PRICING_MODES) created.inc({ pricing }, 0);
  for (const status of FINAL_CHECKOUT_STATUSES) {
    for (const detail of FINISHED_DETAILS) finished.inc({ status, detail }, 0);
  }
  for (const result of WEBHOOK_RESULTS) webhookAttempts.inc({ result }, 0);
  for (const [type, outcomes] of CALLBACK_SERIES) {
    for (const outcome of outcomes) callbacks.inc({ type, outcome }, 0);
  }

  let live: LiveFigures | undefined;
  new Gauge({
    name: 'crypto_pay_event_streams',
    help: 'Event streams open on this proxy.',
    registers,
    collect() {
      if (live) this.set(live.eventStreams());
    },
  });
  new Counter({
    name: 'crypto_pay_connections_shed_total',
    help: 'Client connections the connection caps closed: idle (an idle or stalled one closed to make room) or refused (a new one, when none could be).',
    labelNames: ['reason'] as const,
    registers,
    // The caps count them where they act; the counter is read from there at each scrape.
    collect() {
      if (!live) return;
      const { shed, refused } = live.connections();
      this.reset();
      this.inc({ reason: 'idle' }, shed);
      this.inc({ reason: 'refused' }, refused);
    },
  });
  new Gauge({
    name: 'crypto_pay_db_pool_connections',
    help: "Connections of this proxy's PostgreSQL pool: total, idle, and callers waiting for one.",
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = live?.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  new Counter({
    name: 'crypto_pay_status_copy_reads_total',
    help: 'Status reads on PostgreSQL by how the copy fed by notices answered: hit, miss (read from the database, then kept) or bypassed (the copy dropped while the listening connection is lost).',
    labelNames: ['result'] as const,
    registers,
    collect() {
      const copy = live?.statusCopy?.();
      if (!copy) return;
      this.reset();
      this.inc({ result: 'hit' }, copy.hits);
      this.inc({ result: 'miss' }, copy.misses);
      this.inc({ result: 'bypassed' }, copy.bypassed);
    },
  });
  new Gauge({
    name: 'crypto_pay_status_copy_checkouts',
    help: 'Checkouts in the status copy on PostgreSQL (at most STATUS_COPY_SIZE).',
    registers,
    collect() {
      const copy = live?.statusCopy?.();
      if (copy) this.set(copy.entries);
    },
  });

  const metrics: Metrics = {
    httpRequest(method, route, status, seconds) {
      httpRequest(METHODS.has(method) ? method : 'other', route, status, seconds);
    },
    checkoutCreated(pricing) {
      created.inc({ pricing });
    },
    checkoutFinished(status, detail) {
      finished.inc({ status, detail });
    },
    callback(type, outcome) {
      callbacks.inc({ type: callbackTypeLabel(type), outcome });
    },
    upstreamRequest(operation, status, seconds) {
      upstream.inc({ operation, status });
      upstreamDuration.observe({ operation }, seconds);
    },
    webhookAttempt(result) {
      webhookAttempts.inc({ result });
    },
  };
  return {
    registry,
    metrics,
    watch(figures) {
      live = figures;
    },
  };
}
