/**
 * What a benchmark reports: figures, each with the baseline measured in the same run and the
 * target it is held to, and the table `pnpm bench` prints from them. Plus small statistics.
 */

export interface Figure {
  /** What was measured, e.g. "requests/s". */
  name: string;
  value: number;
  unit: string;
  /** The same measure on the baseline, in the same run on the same machine. */
  baseline?: { name: string; value: number };
  /** The target as a sentence, and whether this run met it. */
  target?: { text: string; met: boolean };
}

export interface BenchmarkResult {
  benchmark: string;
  figures: Figure[];
  /** How it was measured and what limited it, for the reader of BENCHMARKS.md. */
  notes: string[];
}

/** The `p`-th percentile (0-100) of the values, nearest-rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const round = (value: number) =>
  Math.abs(value) >= 100
    ? value.toFixed(0)
    : Math.abs(value) >= 10
      ? value.toFixed(1)
      : value.toFixed(2);

export function ratioOf(figure: Figure): number | undefined {
  return figure.baseline && figure.baseline.value !== 0
    ? figure.value / figure.baseline.value
    : undefined;
}

/** The results as a plain-text table, one row per figure. */
export function table(results: readonly BenchmarkResult[]): string {
  const rows = [['benchmark', 'figure', 'value', 'baseline', 'ratio', 'target', 'met']];
  for (const result of results) {
    for (const figure of result.figures) {
      const ratio = ratioOf(figure);
      rows.push([
        result.benchmark,
        figure.name,
        `${round(figure.value)} ${figure.unit}`,
        figure.baseline ? `${round(figure.baseline.value)} (${figure.baseline.name})` : '',
        ratio === undefined ? '' : `${ratio.toFixed(2)}x`,
        figure.target?.text ?? '',
        figure.target ? (figure.target.met ? 'yes' : 'NO') : '',
      ]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    line(rows[0]!),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}
