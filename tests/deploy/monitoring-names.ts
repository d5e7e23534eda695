/**
 * The metric names the monitoring files may use, and those a PromQL expression uses: so the
 * alerts and the dashboard are held to what the proxy documents, Prometheus and prom-client.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '@crypto-pay/test-kit/process';

/** What Prometheus adds to every target's series. */
const PROMETHEUS_SERIES = ['up', 'scrape_duration_seconds', 'scrape_samples_scraped'];

/** prom-client's `collectDefaultMetrics()` on Linux (its lib/metrics/*.js). */
const PROM_CLIENT_DEFAULTS = [
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_start_time_seconds',
  'process_resident_memory_bytes',
  'process_virtual_memory_bytes',
  'process_heap_bytes',
  'process_open_fds',
  'process_max_fds',
  'nodejs_eventloop_lag_seconds',
  ...['min', 'max', 'mean', 'stddev', 'p50', 'p90', 'p99'].map(
    (figure) => `nodejs_eventloop_lag_${figure}_seconds`,
  ),
  'nodejs_active_resources',
  'nodejs_active_resources_total',
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_requests',
  'nodejs_active_requests_total',
  'nodejs_heap_size_total_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_external_memory_bytes',
  'nodejs_heap_space_size_total_bytes',
  'nodejs_heap_space_size_used_bytes',
  'nodejs_heap_space_size_available_bytes',
  'nodejs_version_info',
  'nodejs_gc_duration_seconds',
];

/** A histogram's series name its family: `x_bucket`, `x_sum`, `x_count` are `x`. */
const family = (name: string) => name.replace(/_(bucket|sum|count)$/, '');

/** The `crypto_pay_*` families a README names (each once, as families). */
export function cryptoPayNamesIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\bcrypto_pay_[a-z_]+/g)].map(([name]) => family(name)));
}

/**
 * The text of the section of a README headed `title` (at any level), up to the next heading of
 * its level or above; empty when there is none.
 */
function section(path: string, title: string): string {
  const readme = readFileSync(join(ROOT, path), 'utf8');
  const heading = new RegExp(`^(#+) ${title}\\b.*$`, 'm').exec(readme);
  if (!heading) return '';
  const rest = readme.slice(heading.index + heading[0].length);
  const end = new RegExp(`^#{1,${heading[1]!.length}} `, 'm').exec(rest);
  return end ? rest.slice(0, end.index) : rest;
}

/** deploy/README.md's Operations section: the families the deploy files are written for. */
export function deployDocumentedNames(): Set<string> {
  return cryptoPayNamesIn(section('deploy/README.md', 'Operations'));
}

/** The families packages/proxy/README.md's Metrics section documents (the public interface). */
export function proxyDocumentedNames(): Set<string> {
  return cryptoPayNamesIn(section('packages/proxy/README.md', 'Metrics'));
}

/** The families the proxy README's Metrics table gives the scope "the cluster". */
export function clusterFigureNames(): Set<string> {
  const rows = section('packages/proxy/README.md', 'Metrics')
    .split('\n')
    .filter((line) => /\|\s*the cluster\s*\|\s*$/.test(line));
  return new Set(rows.flatMap((row) => [...cryptoPayNamesIn(row.split('|')[1] ?? '')]));
}

/** Every family the monitoring files may name: deploy/README's, Prometheus's, prom-client's. */
export function knownNames(): Set<string> {
  return new Set([...deployDocumentedNames(), ...PROMETHEUS_SERIES, ...PROM_CLIENT_DEFAULTS]);
}

const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'offset',
  'bool',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
]);

/**
 * The metric families `expr` reads: what is left once strings, label matchers, ranges,
 * grouping clauses, dashboard variables, functions and keywords are taken out.
 */
export function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\$\w+/g, ' ');
  const names = [...bare.matchAll(/(?<![\w.])([a-zA-Z_:][\w:]*)(?![\w:]|\s*\()/g)]
    .map(([name]) => name)
    .filter((name) => !KEYWORDS.has(name));
  return [...new Set(names.map(family))];
}
