/**
 * The tallied request metrics read as prom-client's own counter and histogram would, given the
 * same requests: the same text for Prometheus, line for line, and the same JSON.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Counter, Histogram, Registry } from 'prom-client';
import { requestTally } from './request-tally.ts';

const requests = { name: 'test_http_requests_total', help: 'Requests.' };
const duration = { name: 'test_http_request_duration_seconds', help: 'Durations.' };
const BOUNDS = [0.001, 0.0025, 0.01, 1];

/** Requests of several methods, routes and statuses; durations on, between and past bounds. */
const ANSWERED: [string, string, number, number][] = [
  ['GET', '/api/checkouts/:id', 200, 0.0004],
  ['GET', '/api/checkouts/:id', 200, 0.001],
  ['POST', '/api/checkouts', 201, 0.0031],
  ['GET', '/api/checkouts/:id', 304, 0.0025],
  ['GET', 'unmatched', 404, 0],
  ['POST', '/api/checkouts', 422, 1.5],
  ['GET', '/api/checkouts/:id', 200, 0.25],
  ['POST', '/api/checkouts', 201, 12],
];

/** The text's lines, sorted: series come in the order each registry first met them. */
const lines = (text: string) => text.split('\n').sort();
/** The JSON's series, sorted the same way (the stock buckets' `exemplar: null` left out). */
const series = async (registry: Registry) =>
  (await registry.getMetricsAsJSON()).map(({ values, ...family }) => ({
    ...family,
    values: values.map((value) => JSON.stringify({ ...value, exemplar: undefined })).sort(),
  }));

describe('Request metrics tallied per route', () => {
  it('read as prom-client counter and histogram given the same requests', async () => {
    const stock = new Registry();
    const counter = new Counter({
      ...requests,
      labelNames: ['method', 'route', 'status'],
      registers: [stock],
    });
    const histogram = new Histogram({
      ...duration,
      labelNames: ['method', 'route'],
      buckets: BOUNDS,
      registers: [stock],
    });
    const tallied = new Registry();
    const record = requestTally({
      requests,
      duration: { ...duration, buckets: BOUNDS },
      registers: [tallied],
    });

    for (const [method, route, status, seconds] of ANSWERED) {
      counter.inc({ method, route, status: String(status) });
      histogram.observe({ method, route }, seconds);
      record(method, route, status, seconds);
    }
    assert.deepEqual(lines(await tallied.metrics()), lines(await stock.metrics()));
    assert.deepEqual(await series(tallied), await series(stock));
    assert.match(
      await tallied.metrics(),
      /^test_http_request_duration_seconds_bucket\{le="0\.001",method="GET",route="\/api\/checkouts\/:id"\} 2$/m,
    );

    // Counted on, not restarted, by a scrape.
    record('GET', '/api/checkouts/:id', 200, 0.0001);
    assert.match(
      await tallied.metrics(),
      /^test_http_requests_total\{method="GET",route="\/api\/checkouts\/:id",status="200"\} 4$/m,
    );
  });

  it('writes no series before a request was answered', async () => {
    const registry = new Registry();
    requestTally({ requests, duration: { ...duration, buckets: BOUNDS }, registers: [registry] });
    const text = await registry.metrics();
    assert.match(text, /^# TYPE test_http_request_duration_seconds histogram$/m);
    assert.doesNotMatch(text, /^test_/m);
  });
});
