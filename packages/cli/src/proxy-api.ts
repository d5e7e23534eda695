/**
 * The proxy's merchant API as the commands call it: JSON over fetch with the admin token, each
 * refusal turned into one sentence with the proxy's own words and code, and a proxy that does
 * not answer into the fix (is it running? the address?). Never the token in a message.
 */

import { proxyErrorSchema } from '@crypto-pay/protocol/proxy-api';
import { CommandFailed } from './failures.ts';
import type { Target } from './target.ts';

/** A call that takes longer than this is reported, not waited for forever. */
const TIMEOUT_MS = 15_000;

export type Query = Record<string, string | number | undefined>;

export interface ProxyApi {
  readonly target: Target;
  get<T>(path: string, query?: Query): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object): Promise<T>;
  /** The answer as it came, for a caller that reads a stream or a status itself. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Why fetch threw, in words: the address does not resolve, nothing listens, a timeout. */
export function unreachable(url: string, error: unknown): CommandFailed {
  const cause = (error as { cause?: { code?: unknown } })?.cause;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  const what =
    error instanceof Error && error.name === 'TimeoutError'
      ? `did not answer within ${TIMEOUT_MS / 1000} s`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `has a host name that does not resolve (${code})`
        : code === 'ECONNREFUSED'
          ? 'refused the connection (ECONNREFUSED): nothing listens there. Is the proxy running? `pnpm start` runs one'
          : `could not be reached (${code ?? (error instanceof Error ? error.message : String(error))})`;
  return new CommandFailed(`${url} ${what}.`);
}

/** The sentence of a refusal: the proxy's error and code, and what to do for the usual ones. */
export async function refusalOf(response: Response, target: Target): Promise<CommandFailed> {
  const text = await response.text().catch(() => '');
  let parsed: { error: string; code: string | number } | undefined;
  try {
    const body = proxyErrorSchema.safeParse(JSON.parse(text));
    if (body.success) parsed = body.data;
  } catch {}
  const said = parsed
    ? `(${response.status} ${parsed.code}): ${parsed.error}`
    : `(HTTP ${response.status}).`;
  const hint =
    response.status === 401
      ? ` The token came from ${target.tokenFrom}: give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN.`
      : '';
  return new CommandFailed(`The proxy at ${target.proxyUrl} refused ${said}${hint}`);
}

export function proxyApi(target: Target, signal?: AbortSignal): ProxyApi {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const url = `${target.proxyUrl}${path}`;
    const signals = [AbortSignal.timeout(TIMEOUT_MS), ...(signal ? [signal] : [])];
    try {
      return await fetch(url, {
        ...init,
        signal: init.signal ?? AbortSignal.any(signals),
        headers: { Authorization: `Bearer ${target.token}`, ...init.headers },
      });
    } catch (error) {
      throw unreachable(target.proxyUrl, error);
    }
  };
  const json = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw await refusalOf(response, target);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };
  return {
    target,
    fetch: call,
    async get<T>(path: string, query: Query = {}) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) search.set(name, String(value));
      }
      const suffix = search.size > 0 ? `?${search}` : '';
      return json<T>(await call(`${path}${suffix}`));
    },
    async send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) {
      return json<T>(
        await call(path, {
          method,
          ...(body === undefined
            ? {}
            : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
        }),
      );
    },
  };
}
