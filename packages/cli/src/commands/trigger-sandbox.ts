/**
 * The sandbox behind a proxy, for `crypto-pay trigger`: found at the origin of the processing
 * service the proxy uses (`GET /admin/processing`), or given with `--sandbox`, and confirmed to
 * be one by its control API (`GET /_sandbox/clock`) before anything is played; then the control
 * API's outcomes, each refusal said in the sandbox's words.
 */

import { CommandFailed, UsageError } from '../failures.ts';
import type { ProxyApi } from '../proxy-api.ts';

/** A control call that takes longer than this is reported, not waited for forever. */
const TIMEOUT_MS = 15_000;

/** `GET /admin/processing`: where the proxy sends its processing calls (no credentials). */
export interface ProcessingAddresses {
  base_url: string;
  payments_base_url: string;
}

export interface Sandbox {
  /** The sandbox's origin, e.g. `http://127.0.0.1:8790`. */
  origin: string;
  /** Plays a control call (`POST /_sandbox{path}`), answering its JSON. */
  control<T>(path: string, body: object): Promise<T>;
}

/** `--sandbox`: an http(s) address; only its origin is used. */
export function sandboxOriginOf(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `--sandbox must be the sandbox's address, like http://127.0.0.1:8790; got "${value}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--sandbox must be an http or https address; got "${value}".`);
  }
  return url.origin;
}

/** Why a fetch to the sandbox threw, in a few words. */
function unreachableSandbox(origin: string, error: unknown, fix: string): CommandFailed {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  const code =
    error instanceof Error && error.name === 'TimeoutError'
      ? `no answer within ${TIMEOUT_MS / 1000} s`
      : typeof cause?.code === 'string'
        ? cause.code
        : error instanceof Error
          ? error.message
          : String(error);
  return new CommandFailed(`The sandbox at ${origin} could not be reached (${code}). ${fix}`);
}

/** The control API's `{error, code}`, if that is what `text` holds. */
function refusalIn(text: string): { error: string; code: string } | undefined {
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string') return { error: body.error, code: String(body.code) };
  } catch {}
  return undefined;
}

/**
 * The sandbox of this proxy, checked: its control API answers with its clock. A processing
 * service that does not is refused: trigger never plays anything against a real one.
 */
export async function findSandbox(
  api: ProxyApi,
  given: string | undefined,
  signal?: AbortSignal,
): Promise<Sandbox> {
  let origin: string;
  let named: string;
  if (given === undefined) {
    const processing = await api.get<ProcessingAddresses>('/admin/processing');
    origin = new URL(processing.base_url).origin;
    named = `This proxy's processing service (${processing.base_url})`;
  } else {
    origin = given;
    named = `The address given with --sandbox (${origin})`;
  }
  const timed = () =>
    AbortSignal.any([AbortSignal.timeout(TIMEOUT_MS), ...(signal ? [signal] : [])]);
  const notSandbox = new CommandFailed(
    `${named} is not a sandbox: trigger plays payments only in a sandbox.`,
  );
  let clock: unknown;
  try {
    const answer = await fetch(`${origin}/_sandbox/clock`, { signal: timed() });
    if (!answer.ok) {
      await answer.body?.cancel();
      throw notSandbox;
    }
    clock = await answer.json().catch(() => undefined);
  } catch (error) {
    if (error === notSandbox) throw error;
    throw unreachableSandbox(
      origin,
      error,
      given === undefined
        ? 'If the sandbox is reached at another address from here, give it with --sandbox URL.'
        : 'Is the sandbox running there (crypto-pay-sandbox, or pnpm start)?',
    );
  }
  if (typeof (clock as { now?: unknown } | undefined)?.now !== 'number') throw notSandbox;

  return {
    origin,
    async control<T>(path: string, body: object): Promise<T> {
      const url = `${origin}/_sandbox${path}`;
      let answer: Response;
      try {
        answer = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
          signal: timed(),
        });
      } catch (error) {
        throw unreachableSandbox(origin, error, 'Is it still running?');
      }
      const text = await answer.text();
      if (!answer.ok) {
        const refusal = refusalIn(text);
        const said = refusal
          ? `${answer.status} ${refusal.code}): ${refusal.error}`
          : `HTTP ${answer.status}).`;
        throw new CommandFailed(`The sandbox at ${origin} refused POST /_sandbox${path} (${said}`);
      }
      return JSON.parse(text) as T;
    },
  };
}
