/**
 * The HTTP requests' count and duration, tallied where each is answered and handed to
 * prom-client when Prometheus scrapes. prom-client's own `inc` and `observe` build and hash a
 * labels object on every call: 0.8 µs a request on the bench's host, 2 to 3 % of a status read's
 * CPU, half the metrics' 5 % budget (BENCHMARKS.md, "Hand-written paths"). Here a request is
 * three map lookups and a few increments, 35 to 40 ns; the text Prometheus reads is
 * prom-client's, line for line (`request-tally.test.ts`). The caller passes closed label sets
 * (a method from a fixed list, a route template, a status the proxy answers), so the tally
 * cannot grow without end. Its totals only grow: prom-client's `reset` and `observe` are not
 * how these two families are written.
 */

import { Counter, Histogram, type Registry } from 'prom-client';

/** What one method and route answered since the start. */
interface RouteTally {
  method: string;
  route: string;
  /** Requests by status. */
  statuses: Map<number, number>;
  /** Requests whose duration fell in each bucket (not cumulative); the last is above every bound. */
  buckets: number[];
  seconds: number;
  count: number;
}

type DurationLabel = 'method' | 'route';

/**
 * The duration histogram whose figures come from the tally: prom-client's `Histogram`, read at
 * a scrape from `tally` rather than from `observe`. prom-client's registry writes a histogram's
 * text from its `getForPromString`, and its `get` (JSON) reads the same; so that one method is
 * given here, with the values in the shape the stock one gives.
 */
class TalliedHistogram extends Histogram<DurationLabel> {
  readonly #config: { name: string; help: string; buckets: readonly number[] };
  readonly #tally: () => Iterable<RouteTally>;

  constructor(
    config: { name: string; help: string; buckets: readonly number[]; registers: Registry[] },
    tally: () => Iterable<RouteTally>,
  ) {
    super({ ...config, buckets: [...config.buckets], labelNames: ['method', 'route'] });
    this.#config = config;
    this.#tally = tally;
  }

  /** The series as the stock histogram writes them: each bucket, then `+Inf`, sum and count. */
  async getForPromString() {
    const { name, help, buckets: bounds } = this.#config;
    const values = [];
    for (const { method, route, buckets, seconds, count } of this.#tally()) {
      const sharedLabels = { method, route };
      const series = (labels: { le?: number | string }, value: number, suffix: string) => ({
        labels,
        sharedLabels,
        value,
        metricName: `${name}_${suffix}`,
      });
      let below = 0;
      for (const [index, le] of bounds.entries()) {
        below += buckets[index]!;
        values.push(series({ le }, below, 'bucket'));
      }
      values.push(
        series({ le: '+Inf' }, count, 'bucket'),
        series({}, seconds, 'sum'),
        series({}, count, 'count'),
      );
    }
    return { name, help, type: 'histogram', values, aggregator: 'sum' };
  }
}

/**
 * A request counter and a request duration histogram (`families`) in `registers`, and
 * `record`, which counts one answered request into both.
 */
export function requestTally(families: {
  requests: { name: string; help: string };
  duration: { name: string; help: string; buckets: readonly number[] };
  registers: Registry[];
}): (method: string, route: string, status: number, seconds: number) => void {
  const bounds = families.duration.buckets;
  const routes = new Map<string, Map<string, RouteTally>>();
  const tallies = function* () {
    for (const byRoute of routes.values()) yield* byRoute.values();
  };
  new Counter<'method' | 'route' | 'status'>({
    ...families.requests,
    labelNames: ['method', 'route', 'status'],
    registers: families.registers,
    collect() {
      this.reset();
      for (const { method, route, statuses } of tallies()) {
        for (const [status, count] of statuses) {
          this.inc({ method, route, status: String(status) }, count);
        }
      }
    },
  });
  new TalliedHistogram({ ...families.duration, registers: families.registers }, tallies);

  return (method, route, status, seconds) => {
    let byRoute = routes.get(method);
    if (!byRoute) {
      byRoute = new Map();
      routes.set(method, byRoute);
    }
    let tally = byRoute.get(route);
    if (!tally) {
      tally = {
        method,
        route,
        statuses: new Map(),
        buckets: Array.from({ length: bounds.length + 1 }, () => 0),
        seconds: 0,
        count: 0,
      };
      byRoute.set(route, tally);
    }
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    let index = 0;
    while (index < bounds.length && seconds > bounds[index]!) index++;
    tally.buckets[index]!++;
    tally.seconds += seconds;
    tally.count++;
  };
}
