/**
 * Load on several servers in alternating rounds (A B C, C B A, A B C ...) after a warm-up of
 * each: a change in the machine's load between rounds hits every server alike, so the ratios
 * hold on a shared machine where one run after the other did not.
 */

import autocannon, { type Options, type Result } from 'autocannon';
import { median } from './report.ts';

const ROUND_SECONDS = 2;

export interface Load {
  /** Requests per second over every round. */
  rate: number;
  /** Median over the rounds of each round's percentile, in ms. */
  p50: number;
  p99: number;
  /** Every round's results, for their status codes and errors. */
  rounds: Result[];
}

/** About `seconds` of load on each of `targets` (autocannon options without the duration). */
export async function alternate(targets: Omit<Options, 'duration'>[], seconds: number) {
  const run = (target: Omit<Options, 'duration'>, duration: number) =>
    autocannon({ ...target, duration });
  for (const target of targets) await run(target, Math.min(2, seconds));
  const rounds: Result[][] = targets.map(() => []);
  const count = Math.max(1, Math.round(seconds / ROUND_SECONDS));
  const forward = targets.map((_, which) => which);
  for (let round = 0; round < count; round++) {
    const order = round % 2 === 0 ? forward : [...forward].reverse();
    for (const which of order) rounds[which]!.push(await run(targets[which]!, seconds / count));
  }
  return rounds.map(
    (results): Load => ({
      rate: sum(results.map((r) => r.requests.total)) / sum(results.map((r) => r.duration)),
      p50: median(results.map((r) => r.latency.p50)),
      p99: median(results.map((r) => r.latency.p99)),
      rounds: results,
    }),
  );
}

/** A note's words for the rounds: how long each server was loaded, and how. */
export function alternationNote(seconds: number): string {
  return `${seconds} s on each server in alternating rounds of about ${ROUND_SECONDS} s after a ${Math.min(2, seconds)} s warm-up of each`;
}

export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
