/**
 * The doctor's checklist: checks that run side by side, each under its own timeout, so one that
 * fails or hangs never hides another; a check that needs another (the merchant reads need a
 * working token, which needs the proxy) is skipped when that one failed or was skipped, naming
 * the first cause, instead of repeating that failure. Printed in order, one line each with a
 * fix under every failure, or as JSON.
 */

import { type Io, painter } from '../../io.ts';
import { type ProxyApi, proxyApi } from '../../proxy-api.ts';
import type { Target } from '../../target.ts';

export type Outcome = 'ok' | 'warn' | 'fail' | 'skip';

/** What a check found: one sentence, and for a failure or warning what to do. */
export interface Finding {
  outcome: Outcome;
  summary: string;
  fix?: string;
}

export interface Check {
  /** A stable name, for `--json` readers. */
  id: string;
  title: string;
  /** A check whose failure (or skip) leaves this one nothing to find: it is skipped, saying why. */
  needs?: string;
  /** `api` calls the proxy under this check's own timeout, which `signal` carries too. */
  run(context: { api: ProxyApi; signal: AbortSignal }): Promise<Finding>;
}

export interface CheckResult extends Finding {
  id: string;
  title: string;
}

/** One sentence, one full stop: a quoted refusal ends in its own. */
const sentence = (text: string) => text.replace(/([.…!?])\.$/, '$1');

export const ok = (summary: string): Finding => ({ outcome: 'ok', summary: sentence(summary) });
export const warn = (summary: string, fix?: string): Finding => ({
  outcome: 'warn',
  summary: sentence(summary),
  ...(fix ? { fix } : {}),
});
export const fail = (summary: string, fix?: string): Finding => ({
  outcome: 'fail',
  summary: sentence(summary),
  ...(fix ? { fix } : {}),
});
export const skip = (summary: string): Finding => ({ outcome: 'skip', summary: sentence(summary) });

/** A check's own failure, in words: a timeout is the runner's, anything else the error's. */
function thrown(error: unknown, signal: AbortSignal, timeoutMs: number): Finding {
  if (signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError') {
    return fail(
      `did not finish within ${timeoutMs / 1000} s.`,
      'Check that the address reaches the proxy (a firewall or a proxy in between may hold the connection), or give a longer --timeout.',
    );
  }
  return fail(error instanceof Error ? error.message : String(error));
}

/** Why a check was not made: the first check up the chain that failed or was skipped. */
const blockedBy = (prior: CheckResult & { cause?: string }) =>
  prior.cause ??
  (prior.outcome === 'fail'
    ? `"${prior.title}" failed (above)`
    : `"${prior.title}" was not checked (above)`);

/** Runs every check at once; the results come back in the checks' order. */
export function runChecks(
  checks: readonly Check[],
  options: { target: Target; timeoutMs: number; signal: AbortSignal },
): Promise<CheckResult>[] {
  const results = new Map<string, Promise<CheckResult & { cause?: string }>>();
  for (const check of checks) {
    const needed = check.needs === undefined ? undefined : results.get(check.needs);
    const result = (async (): Promise<Finding & { cause?: string }> => {
      const prior = await needed;
      if (prior && (prior.outcome === 'fail' || prior.outcome === 'skip')) {
        const cause = blockedBy(prior);
        return { ...skip(`not checked: ${cause}.`), cause };
      }
      const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
      const api = proxyApi(options.target, { signal, timeoutMs: options.timeoutMs });
      try {
        return await check.run({ api, signal });
      } catch (error) {
        // Ctrl-C: the run ends, run.ts decides how; not a finding.
        if (options.signal.aborted) throw error;
        return thrown(error, signal, options.timeoutMs);
      }
    })().then((finding) => ({ id: check.id, title: check.title, ...finding }));
    results.set(check.id, result);
  }
  // The chain's cause is the runner's: a reader gets the finding alone.
  return [...results.values()].map((pending) => pending.then(({ cause: _, ...result }) => result));
}

const MARKS: Record<
  Outcome,
  readonly [mark: string, word: string, style: 'green' | 'yellow' | 'red' | 'dim']
> = {
  ok: ['✓', 'ok', 'green'],
  warn: ['!', 'warn', 'yellow'],
  fail: ['✗', 'FAIL', 'red'],
  skip: ['-', 'skip', 'dim'],
};

/** Prints each result as soon as it and those before it are in, so a slow check shows where. */
export async function printChecklist(
  io: Io,
  results: readonly Promise<CheckResult>[],
  titleWidth: number,
): Promise<CheckResult[]> {
  const paint = painter(io.stdout, io.env);
  const done: CheckResult[] = [];
  for (const pending of results) {
    const result = await pending;
    done.push(result);
    const [mark, word, style] = MARKS[result.outcome];
    const head = paint(style, `${mark} ${word.padEnd(4)}`);
    io.stdout.write(
      `${head}  ${paint('bold', result.title.padEnd(titleWidth))}  ${result.summary}\n`,
    );
    if (result.fix) io.stdout.write(`${' '.repeat(8 + titleWidth + 2)}fix: ${result.fix}\n`);
  }
  const count = (outcome: Outcome) => done.filter((result) => result.outcome === outcome).length;
  const [failed, warned] = [count('fail'), count('warn')];
  const verdict = failed > 0 ? paint('red', `${failed} failed`) : paint('green', 'Nothing failed');
  io.stdout.write(
    `\n${verdict}, ${warned} warning${warned === 1 ? '' : 's'}, ${count('ok')} ok.\n`,
  );
  return done;
}
