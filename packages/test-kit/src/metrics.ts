/**
 * Reading a proxy's metrics as Prometheus would: scrape `/metrics`, parse the text format, find
 * a sample by name and labels, and lint the text with Prometheus's own `promtool check metrics`
 * (Debian's `prometheus` package, installed when missing). The parser is small on purpose: the
 * npm one at hand (`parse-prometheus-text-format`) merges a histogram's labelled series into one.
 */

import { spawnSync } from 'node:child_process';
import { ensureDebianPackages } from './debian-packages.mjs';

/** One line of the text format: `name{label="value",…} value`. */
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

/** Every sample of `text`, in order; comments (`# HELP`, `# TYPE`) are skipped. */
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
 * there is none yet (a counter not incremented yet is absent).
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

/**
 * What `promtool check metrics` says of `text` (naming and format problems; empty when none),
 * and whether it passed.
 */
export function promtoolCheck(text: string): { ok: boolean; problems: string } {
  ensureDebianPackages([{ provides: 'promtool', package: 'prometheus' }], 'the metrics tests');
  const result = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
  return { ok: result.status === 0, problems: `${result.stdout}${result.stderr}`.trim() };
}
