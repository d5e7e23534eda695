/**
 * The sandbox behind a proxy, for `crypto-pay trigger`, proven before anything is created: the
 * processing service the proxy uses (`GET /admin/processing`) must answer the sandbox's control
 * API (`GET /_sandbox/clock`) from here, always, `--sandbox` or not; `--sandbox` only names
 * where the outcomes are played when that sandbox is reached at another address, and must answer
 * as a sandbox too. A service that cannot be reached from here is refused: nothing proves it is
 * not the real one. Then the control API's outcomes, each refusal said in the sandbox's words,
 * and its callbacks dropped for a while (checkout.stale), its faults put back after.
 */

import type { ProcessingService } from '@crypto-pay/protocol/merchant-api';
import { CommandFailed, Stopped } from '../../failures.ts';
import { failureCause, type ProxyApi, REQUEST_TIMEOUT_MS } from '../../proxy-api.ts';

/** A control call that takes longer than this is reported, not waited for forever. */
const TIMEOUT_MS = REQUEST_TIMEOUT_MS;

export interface Sandbox {
  /** The sandbox's origin, e.g. `http://127.0.0.1:8790`. */
  origin: string;
  /** Plays a control call (`POST /_sandbox{path}`), answering its JSON. */
  control<T>(path: string, body: object): Promise<T>;
  /**
   * Runs `work` with the sandbox's callbacks dropped (`drop_callbacks`, its other faults kept),
   * and puts its faults back as they were however `work` ends: done, failed, timed out, stopped.
   */
  droppingCallbacks<T>(work: () => Promise<T>): Promise<T>;
}

/** The faults as `GET /_sandbox/faults` answers them: put back whole, as read. */
type Faults = Record<string, unknown>;

/** Why a fetch to the sandbox threw, in a few words. */
function unreachableSandbox(origin: string, error: unknown, fix: string): CommandFailed {
  const code =
    error instanceof Error && error.name === 'TimeoutError'
      ? `no answer within ${TIMEOUT_MS / 1000} s`
      : failureCause(error);
  return new CommandFailed(`${origin} could not be reached from here (${code}). ${fix}`);
}

/** The control API's `{error, code}`, if that is what `text` holds. */
function refusalIn(text: string): { error: string; code: string } | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string') return { error: body.error, code: String(body.code) };
  } catch {}
  return undefined;
}

/** What answers at `origin`: a sandbox (its clock), something else, or nothing from here. */
async function probe(
  origin: string,
  signal: AbortSignal,
): Promise<'sandbox' | 'other' | { unreachable: unknown }> {
  try {
    const answer = await fetch(`${origin}/_sandbox/clock`, { signal });
    if (!answer.ok) {
      await answer.body?.cancel();
      return 'other';
    }
    const clock = (await answer.json().catch(() => undefined)) as { now?: unknown } | undefined;
    return typeof clock?.now === 'number' ? 'sandbox' : 'other';
  } catch (error) {
    return { unreachable: error };
  }
}

/**
 * The sandbox of this proxy, proven: its processing service answers as a sandbox from here, and
 * so does `given` (`--sandbox`) when it names another address. Anything else is refused:
 * trigger never creates anything through a proxy whose service may be the real one.
 */
export async function findSandbox(
  api: ProxyApi,
  given: URL | undefined,
  signal?: AbortSignal,
): Promise<Sandbox> {
  const timed = () =>
    AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), ...(signal ? [signal] : [])]);
  const processing = await api.get<ProcessingService>('/admin/processing');
  const service = new URL(processing.base_url).origin;
  const named = `This proxy's processing service (${processing.base_url})`;
  const found = await probe(service, timed());
  if (found === 'other') {
    throw new CommandFailed(`${named} is not a sandbox: trigger plays payments only in a sandbox.`);
  }
  if (found !== 'sandbox') {
    throw unreachableSandbox(
      service,
      found.unreachable,
      `trigger must see that ${processing.base_url} is a sandbox before it creates anything: run it where that address answers (on the proxy's machine or network).`,
    );
  }
  let origin = service;
  if (given !== undefined && given.origin !== service) {
    origin = given.origin;
    const there = await probe(origin, timed());
    if (there === 'other') {
      throw new CommandFailed(
        `The address given with --sandbox (${origin}) is not a sandbox: trigger plays payments only in a sandbox.`,
      );
    }
    if (there !== 'sandbox') {
      throw unreachableSandbox(
        origin,
        there.unreachable,
        'Is the sandbox running there (crypto-pay-sandbox, or pnpm start)?',
      );
    }
  }

  /** A control API call, its refusal said in the sandbox's words. */
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    body: object | undefined,
    signal: AbortSignal,
  ): Promise<T> => {
    let answer: Response;
    try {
      answer = await fetch(`${origin}/_sandbox${path}`, {
        method,
        ...(body === undefined
          ? {}
          : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
        signal,
      });
    } catch (error) {
      throw unreachableSandbox(origin, error, 'Is the sandbox still running?');
    }
    const text = await answer.text();
    if (!answer.ok) {
      const refusal = refusalIn(text);
      const said = refusal
        ? `${answer.status} ${refusal.code}): ${refusal.error}`
        : `HTTP ${answer.status}).`;
      throw new CommandFailed(
        `The sandbox at ${origin} refused ${method} /_sandbox${path} (${said}`,
      );
    }
    return JSON.parse(text) as T;
  };

  return {
    origin,
    control: (path, body) => call('POST', path, body, timed()),
    async droppingCallbacks<T>(work: () => Promise<T>): Promise<T> {
      const faults = await call<Faults>('GET', '/faults', undefined, timed());
      await call('POST', '/faults', { ...faults, drop_callbacks: true }, timed());
      let ended: { value: T } | { error: unknown };
      try {
        ended = { value: await work() };
      } catch (error) {
        ended = { error };
      }
      // Put back after a stop (Ctrl-C) too: only the sandbox's own slowness cuts it short. A
      // sandbox left dropping callbacks outweighs how the work ended.
      try {
        await call('POST', '/faults', faults, AbortSignal.timeout(TIMEOUT_MS));
      } catch (error) {
        throw new (signal?.aborted ? Stopped : CommandFailed)(
          `The sandbox's faults could not be put back as they were (${error instanceof Error ? error.message : String(error)}); put them back with POST ${origin}/_sandbox/faults ${JSON.stringify(faults)}.`,
        );
      }
      if ('error' in ended) throw ended.error;
      return ended.value;
    },
  };
}
