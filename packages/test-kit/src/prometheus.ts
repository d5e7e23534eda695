/**
 * A real Prometheus for the tests: Debian's package (installed when missing, as PostgreSQL and
 * HAProxy are), on 127.0.0.1 and a free port, with the caller's scrape targets and rules, a
 * throwaway data directory and short scrape and evaluation intervals; its HTTP API read for the
 * alerts' states and queries' results. `promtool` (same package) checks and unit-tests files and
 * lints a scrape. A proxy's own `/metrics` is read the same way (`scrapeMetrics`), into the same
 * `Sample`s as a query's answer. The parser is small on purpose: the npm one at hand
 * (`parse-prometheus-text-format`) merges a histogram's labelled series into one.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackages } from './debian-packages.mjs';
import { eventually } from './eventually.ts';
import { guardAgainstOrphans } from './orphan-guard.ts';
import { exitOf, freePort } from './process.ts';

/** Installs Debian's `prometheus` (2.42 on Debian 12, with `promtool`) when it is missing. */
export function ensurePrometheus(): void {
  ensureDebianPackages(
    [
      { provides: 'prometheus', package: 'prometheus' },
      { provides: 'promtool', package: 'prometheus' },
    ],
    'the monitoring tests',
  );
}

/** What `promtool` answered: its exit code and both streams together. */
export interface PromtoolResult {
  status: number;
  output: string;
}

/**
 * Runs `promtool ARGS` in `cwd` (rule files are found relative to it), `input` on its stdin;
 * never throws on failure.
 */
export async function promtool(
  args: string[],
  options: { cwd?: string; input?: string } = {},
): Promise<PromtoolResult> {
  ensurePrometheus();
  const child = spawn('promtool', args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
  }
  child.stdin.end(options.input ?? '');
  const [code] = (await once(child, 'close')) as [number | null];
  return { status: code ?? 1, output };
}

/** What `promtool check metrics` says of a scrape's text: its naming and format problems. */
export async function promtoolCheckMetrics(text: string): Promise<PromtoolResult> {
  return promtool(['check', 'metrics'], { input: text });
}

/**
 * One series and its value: a line of the text format (`name{label="value",…} value`), or
 * one series of an instant query's vector (`name` is its `__name__`, empty once aggregated).
 */
export interface Sample {
  /** The series' name as written: a histogram's are `<family>_bucket`, `_sum` and `_count`. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** `name="value"` pairs; a value escapes `\\`, `\"` and `\n`. */
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\S+)?$/;

const unescaped = (value: string) =>
  value.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));

/** Every sample of `text` in the text format, in order; comments (`# HELP`, `# TYPE`) skipped. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a sample of the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) {
      labels[name!] = unescaped(value!);
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Scrapes `url` (a proxy's `http://host:port/metrics`); throws unless it answers 200. */
export async function scrapeMetrics(url: string): Promise<Sample[]> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text}`);
  return parseMetrics(text);
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
  );
}

/**
 * The value of the series `name{labels}` (the sum when `labels` leave several open); 0 when
 * there is none.
 */
export function sampleValue(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number {
  return samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}

/** Every label value of every sample, for checks that none holds what it must not. */
export function labelValues(samples: Sample[]): string[] {
  return samples.flatMap((sample) => Object.values(sample.labels));
}

/** One scrape job: `targets` are `host:port`, scraped at `metricsPath` (default `/metrics`). */
export interface ScrapeJob {
  name: string;
  targets: string[];
  metricsPath?: string;
}

export interface PrometheusOptions {
  /** What to scrape, besides Prometheus itself (job `prometheus`, always there). */
  jobs?: ScrapeJob[];
  /** A rule file's text (alerting or recording rules), as `rule_files` reads it. */
  rules?: string;
  /** How often every target is scraped and every rule evaluated (default 500 ms). */
  intervalMs?: number;
}

/** An alert as `/api/v1/alerts` lists it. */
export interface PrometheusAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing';
  activeAt: string;
  value: string;
}

export interface Prometheus {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** Its temporary directory: `prometheus.yml`, `rules.yml`, `data/`. */
  directory: string;
  /** Every line it wrote (its log goes to stderr). */
  lines: string[];
  /** The active alerts (pending or firing) now. */
  alerts(): Promise<PrometheusAlert[]>;
  /**
   * Resolves with alert `name` once it is `state` (`inactive`: no longer listed), as its own
   * evaluations move it; fails naming the alerts seen after `timeoutMs` (default 30 s).
   */
  untilAlert(
    name: string,
    state: PrometheusAlert['state'] | 'inactive',
    timeoutMs?: number,
  ): Promise<PrometheusAlert | undefined>;
  /** The vector `expr` evaluates to now (an instant query). */
  query(expr: string): Promise<Sample[]>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
}

/** The line Prometheus logs once its web API answers and its rules run. */
const READY = /Server is ready to receive web requests/;

/** Its configuration: JSON is YAML, so each value is written once, here. */
function configuration(port: number, options: PrometheusOptions): string {
  const interval = `${options.intervalMs ?? 500}ms`;
  const jobs = [{ name: 'prometheus', targets: [`127.0.0.1:${port}`] }, ...(options.jobs ?? [])];
  return JSON.stringify(
    {
      global: {
        scrape_interval: interval,
        scrape_timeout: interval,
        evaluation_interval: interval,
      },
      ...(options.rules !== undefined ? { rule_files: ['rules.yml'] } : {}),
      scrape_configs: jobs.map((job) => ({
        job_name: job.name,
        metrics_path: job.metricsPath ?? '/metrics',
        static_configs: [{ targets: job.targets }],
      })),
    },
    null,
    2,
  );
}

/** Starts Prometheus; resolves once it serves its API. */
export async function startPrometheus(options: PrometheusOptions = {}): Promise<Prometheus> {
  ensurePrometheus();
  const directory = mkdtempSync(join(tmpdir(), 'crypto-pay-prometheus-'));
  const port = await freePort();
  const configFile = join(directory, 'prometheus.yml');
  writeFileSync(configFile, configuration(port, options));
  if (options.rules !== undefined) writeFileSync(join(directory, 'rules.yml'), options.rules);

  // In a process group of its own, which the orphan guard kills should this process die first.
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(directory, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { cwd: directory, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const guard = guardAgainstOrphans([
    ['kill', '-KILL', `-${child.pid}`],
    ['rm', '-rf', directory],
  ]);
  const lines: string[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`Prometheus exited (${code}) before serving:\n${lines.join('\n')}`)),
    );
    for (const stream of [child.stdout!, child.stderr!]) {
      let rest = '';
      stream.setEncoding('utf8').on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          lines.push(line);
          if (READY.test(line)) resolve();
        }
      });
    }
  });
  const gone = () => exitOf(child);
  const cleanUp = () => {
    rmSync(directory, { recursive: true, force: true });
    guard.release();
  };
  try {
    await ready;
  } catch (error) {
    cleanUp();
    throw error;
  }

  const url = `http://127.0.0.1:${port}`;
  const api = async <Data>(path: string): Promise<Data> => {
    const response = await fetch(`${url}/api/v1/${path}`);
    const body = (await response.json()) as { status: string; data: Data; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${path}: ${body.error}`);
    return body.data;
  };
  const alerts = async () => (await api<{ alerts: PrometheusAlert[] }>('alerts')).alerts;
  return {
    url,
    directory,
    lines,
    alerts,
    async untilAlert(name, state, timeoutMs = 30_000) {
      // A resolved alert leaves the list (Prometheus lists only unresolved ones): `inactive`.
      let seen: PrometheusAlert[] = [];
      const found = await eventually(
        async () => {
          seen = (await alerts()).filter((alert) => alert.labels.alertname === name);
          if (state === 'inactive') return seen.length === 0 ? 'inactive' : undefined;
          return seen.find((alert) => alert.state === state);
        },
        `alert ${name} ${state}`,
        timeoutMs,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; last seen: ${JSON.stringify(seen)}`);
      });
      return typeof found === 'string' ? undefined : found;
    },
    async query(expr) {
      const data = await api<{ resultType: string; result: unknown[] }>(
        `query?query=${encodeURIComponent(expr)}`,
      );
      if (data.resultType !== 'vector') throw new Error(`${expr}: a ${data.resultType}`);
      return (
        data.result as unknown as { metric: Record<string, string>; value: [number, string] }[]
      ).map(({ metric, value }) => {
        const { __name__: name = '', ...labels } = metric;
        return { name, labels, value: Number(value[1]) };
      });
    },
    async stop() {
      const done = gone();
      child.kill('SIGTERM');
      await done;
      cleanUp();
    },
  };
}
