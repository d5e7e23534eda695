/**
 * Load on several servers in alternating rounds (A B C, C B A, A B C ...) after a warm-up of
 * each: a change in the machine's load between rounds hits every server alike, so the ratios
 * hold on a shared machine where one run after the other did not. Or on all of them at once
 * (`together`), where the figure compares like servers more finely than rounds can tell apart.
 */

import { cpuSecondsOf } from '@crypto-pay/test-kit/process';
import autocannon, { type Options, type Result } from 'autocannon';
import { median, sum } from './report.ts';

const ROUND_SECONDS = 2;
/**
 * The load each server gets first, unmeasured: connection pools and caches settle, and V8
 * compiles the request path, which takes several seconds of reads (BENCHMARKS.md, issue 30,
 * session 28). A server runs for days: it is measured once settled.
 */
const WARM_UP_SECONDS = 10;

export interface Load {
  /** Requests per second over every round. */
  rate: number;
  /** Median over the rounds of each round's percentile, in ms. */
  p50: number;
  p99: number;
  /**
   * Requests answered per CPU second of the server process (its `pid`) over every round: unlike
   * the rate, it hardly moves with what else runs on the machine. Undefined without a pid.
   */
  perCpuSecond: number | undefined;
  /** The server's CPU seconds over every round; undefined without a pid. */
  cpuSeconds: number | undefined;
  /** Every round's results, for their status codes and errors. */
  rounds: Result[];
}

/**
 * The load of `rounds` on a server that used `cpuSeconds` over them: one target's rounds, or
 * several loads' pooled (their rounds and CPU seconds together).
 */
export function loadOf(rounds: Result[], cpuSeconds: number | undefined): Load {
  const requests = sum(rounds.map((r) => r.requests.total));
  return {
    rate: requests / sum(rounds.map((r) => r.duration)),
    perCpuSecond: cpuSeconds === undefined ? undefined : requests / cpuSeconds,
    cpuSeconds,
    p50: median(rounds.map((r) => r.latency.p50)),
    p99: median(rounds.map((r) => r.latency.p99)),
    rounds,
  };
}

/** Answers that were not 2xx, errors and timeouts, over every round of a load. */
export const failedAnswers = (load: Load): number =>
  sum(load.rounds.map((round) => round.errors + round.timeouts + round.non2xx));

/** Autocannon options without the duration, which `alternate` sets; `pid` is the server's. */
export type Target = Omit<Options, 'duration'> & { pid?: number };

/** `duration` seconds of autocannon's load on `target`. */
const run = ({ pid: _, ...target }: Target, duration: number) =>
  autocannon({ ...target, duration });

/**
 * About `seconds` of load on each of `targets`; one Load per target, in their order (a tuple
 * in, a tuple of the same length out, so callers destructure without checks).
 */
export async function alternate<const T extends readonly Target[]>(
  targets: T,
  seconds: number,
): Promise<{ -readonly [K in keyof T]: Load }> {
  for (const target of targets) await run(target, WARM_UP_SECONDS);
  const rounds: Result[][] = targets.map(() => []);
  const cpuSeconds = targets.map(() => 0);
  const count = Math.max(1, Math.round(seconds / ROUND_SECONDS));
  const forward = targets.map((_, which) => which);
  for (let round = 0; round < count; round++) {
    const order = round % 2 === 0 ? forward : [...forward].reverse();
    for (const which of order) {
      const { pid } = targets[which]!;
      const before = pid === undefined ? 0 : await cpuSecondsOf(pid);
      rounds[which]!.push(await run(targets[which]!, seconds / count));
      if (pid !== undefined) cpuSeconds[which]! += (await cpuSecondsOf(pid)) - before;
    }
  }
  const loads = rounds.map((results, which) =>
    loadOf(results, targets[which]!.pid === undefined ? undefined : cpuSeconds[which]!),
  );
  // One Load per target by construction: `rounds` was mapped from `targets`.
  return loads as { -readonly [K in keyof T]: Load };
}

/**
 * About `seconds` of load on every one of `targets` at the same time, after a warm-up of all
 * of them at once; one Load per target, in their order. A shared host's speed moves by up to
 * half between one quarter-second and the next (BENCHMARKS.md, issue 32, session 40): two like
 * servers in alternating rounds of 2 s then differ by up to 40 % a round, while loaded at once,
 * on one CPU, they meet the same swings and differ by a few percent. For comparing two builds
 * of one server to within a few percent. Servers on one CPU share it, so each answers at about
 * its share of the CPU: the figure is reads per CPU second, not the rate. The warm-up is as
 * long as in turn for each server (`WARM_UP_SECONDS` times their number): each has about its
 * share of the CPU to compile the request path with.
 */
export async function together<const T extends readonly Target[]>(
  targets: T,
  seconds: number,
): Promise<{ -readonly [K in keyof T]: Load }> {
  const cpu = () =>
    Promise.all(targets.map(({ pid }) => (pid === undefined ? 0 : cpuSecondsOf(pid))));
  await Promise.all(targets.map((target) => run(target, WARM_UP_SECONDS * targets.length)));
  const before = await cpu();
  const results = await Promise.all(targets.map((target) => run(target, seconds)));
  const after = await cpu();
  const loads = results.map((result, which) =>
    loadOf(
      [result],
      targets[which]!.pid === undefined ? undefined : after[which]! - before[which]!,
    ),
  );
  return loads as { -readonly [K in keyof T]: Load };
}

/** A note's words for `together`'s load of `count` servers: how long they were loaded, at once. */
export function togetherNote(seconds: number, count: number): string {
  return `${seconds} s on all ${count} at once after a ${WARM_UP_SECONDS * count} s warm-up of all at once`;
}

/** A note's words for the rounds: how long each server was loaded, and how. */
export function alternationNote(seconds: number): string {
  return `${seconds} s on each server in alternating rounds of about ${ROUND_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up of each`;
}
