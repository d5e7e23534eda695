/**
 * The proxy's API as every command calls it: one fetch path (with the admin token, or without it
 * for the public routes a page or an orchestrator calls), one reader of the proxy's error body,
 * each refusal turned into one sentence with the proxy's own words and code, and a proxy that
 * does not answer into the fix (is it running? the address?). Never the token in a message.
 */

import { stringifyJson } from '@crypto-pay/protocol';
import { type ProxyErrorBody, proxyErrorSchema } from '@crypto-pay/protocol/proxy-api';
import { CommandFailed, UsageError } from './failures.ts';
import { isStartProxy, type Target } from './target.ts';

/** A call that takes longer than this is reported, not waited for forever (doctor: --timeout). */
export const REQUEST_TIMEOUT_MS = 15_000;

export type Query = Record<string, string | number | undefined>;

export interface ProxyApiOptions {
  /** Ends every call at once (Ctrl-C): the abort is rethrown as it is, for run.ts to decide. */
  signal?: AbortSignal;
  /** Each call's own limit; REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

export interface ProxyApi {
  readonly target: Target;
  get<T>(path: string, query?: Query): Promise<T>;
  /** `body` as JSON; a `JsonNumber` in it is written as its exact digits (amounts the API takes as numbers). */
  send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object): Promise<T>;
  /** The answer as it came, for a caller that reads a stream or a status itself. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The same, without the token: a public route, asked as a page or an orchestrator asks it. */
  fetchPublic(path: string, init?: RequestInit): Promise<Response>;
}

/**
 * Why a fetch threw, as short as the system says it: its `cause.code` (ECONNREFUSED…), else its
 * cause's message (`bad port`), else its own.
 */
export function failureCause(error: unknown): string {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') return code;
  if (cause instanceof Error) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/** fetch's refusal of a port kept for another protocol (6000, X11, say), as browsers refuse it. */
const BAD_PORT = 'bad port';

/** Why fetch threw, in words: the address does not resolve, nothing listens, a timeout. */
export function unreachable(
  url: string,
  error: unknown,
  timeoutMs = REQUEST_TIMEOUT_MS,
): CommandFailed {
  const cause = failureCause(error);
  // `pnpm start` is the fix only for its own address; a deployment checked from outside is not.
  const notListening = isStartProxy(url)
    ? 'Is the proxy running? `pnpm start` runs one'
    : 'Is the proxy running, and is this its public address (port included)? A firewall that refuses it says the same';
  if (cause === BAD_PORT) {
    return new CommandFailed(
      `${url} is on port ${new URL(url).port}, which fetch never connects to (a port of another protocol, blocked as browsers block it): nothing was sent. Run the proxy on another port, such as 8787.`,
    );
  }
  const what =
    error instanceof Error && error.name === 'TimeoutError'
      ? `did not answer within ${timeoutMs / 1000} s`
      : cause === 'ENOTFOUND' || cause === 'EAI_AGAIN'
        ? `has a host name that does not resolve (${cause})`
        : cause === 'ECONNREFUSED'
          ? `refused the connection (ECONNREFUSED): nothing listens there. ${notListening}`
          : `could not be reached (${cause})`;
  return new CommandFailed(`${url} ${what}.`);
}

/** The proxy's `{error, code, field?}` of a refusal, if the body is one. */
export async function errorBodyOf(response: Response): Promise<ProxyErrorBody | undefined> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = proxyErrorSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal as a sentence says it: `(502 upstream_unavailable): The processing…`. */
export const refusalText = (response: Response, body: ProxyErrorBody | undefined) =>
  body ? `(${response.status} ${body.code}): ${body.error}` : `(HTTP ${response.status})`;

/**
 * Fields no command takes from its user: trigger's fixed test sender and addresses. A 422 naming
 * one is the command line's own mistake (exit 1, a bug to report); any other 422 refuses a value
 * the user gave (an id, a filter, a URL, --amount, --currency, --product): used wrongly, exit 2.
 */
const OWN_FIELDS = /^(sender_|receiver_|end_user_|email_user|address|url_|title|timer)/;

/** The error of a refusal: the proxy's error and code, and what to do for the usual ones. */
export async function refusalOf(
  response: Response,
  target: Target,
): Promise<CommandFailed | UsageError> {
  return refusalWith(response, await errorBodyOf(response), target);
}

function refusalWith(
  response: Response,
  body: ProxyErrorBody | undefined,
  target: Target,
): CommandFailed | UsageError {
  const said = refusalText(response, body);
  if (response.status === 422 && !OWN_FIELDS.test(body?.field ?? '')) {
    return new UsageError(`The proxy at ${target.proxyUrl} refused ${said}`);
  }
  const hint =
    response.status === 401
      ? ` The token came from ${target.tokenFrom}: give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN.`
      : '';
  return new CommandFailed(
    `The proxy at ${target.proxyUrl} refused ${said}${body ? '' : '.'}${hint}`,
  );
}

/** Whether `/healthz` answers as a crypto-pay proxy's (`{"status":"ok"}`), not a shop's or another app's. */
export async function answersAsProxy(api: ProxyApi): Promise<boolean> {
  try {
    const response = await api.fetchPublic('/healthz');
    const body = (await response.json().catch(() => undefined)) as { status?: unknown } | undefined;
    return response.ok && body?.status === 'ok';
  } catch {
    return false;
  }
}

/**
 * The error of a 404 that names no missing thing (an unknown route: the proxy's own `not_found`,
 * or another server's page): `/healthz` tells a proxy without the route from no proxy at all.
 */
async function noRouteOf(api: ProxyApi, what: string): Promise<CommandFailed> {
  const url = api.target.proxyUrl;
  return new CommandFailed(
    (await answersAsProxy(api))
      ? `The proxy at ${url} has no ${what} (404): its merchant API is off (it is on once the proxy has an ADMIN_TOKEN), or the proxy is older than this command line (upgrade it).`
      : notAProxy(url),
  );
}

/** What a command says of an address where no crypto-pay proxy answers. */
export const notAProxy = (proxyUrl: string) =>
  `${proxyUrl} is not a crypto-pay proxy: its /healthz does not answer as the proxy's ({"status":"ok"}). Give the proxy's address with --proxy or CRYPTO_PAY_PROXY_URL (pnpm start runs one at http://127.0.0.1:8787).`;

/** The token of a call that needs one, or the usage error of a run that has none. */
export function tokenOf(target: Target): string {
  if (target.token !== undefined) return target.token;
  throw new UsageError(
    `${target.proxyUrl} is not pnpm start's proxy nor on this machine, so its demo token is not sent there: give --token or CRYPTO_PAY_ADMIN_TOKEN.`,
  );
}

export function proxyApi(
  target: Target,
  { signal, timeoutMs = REQUEST_TIMEOUT_MS }: ProxyApiOptions = {},
): ProxyApi {
  const call = async (path: string, init: RequestInit, token: string | undefined) => {
    const used =
      init.signal ?? AbortSignal.any([AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])]);
    try {
      return await fetch(`${target.proxyUrl}${path}`, {
        ...init,
        signal: used,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers },
      });
    } catch (error) {
      // Stopped by the caller (Ctrl-C, a follower's own watchdog): not the proxy's doing.
      if (used.aborted && (used.reason as Error | undefined)?.name !== 'TimeoutError') {
        throw used.reason;
      }
      throw unreachable(target.proxyUrl, error, timeoutMs);
    }
  };
  const json = async <T>(response: Response, what: string): Promise<T> => {
    if (response.status === 404) {
      const body = await errorBodyOf(response);
      // The proxy's unmatched route (`not_found`), or no proxy's words at all.
      if (!body || body.code === 'not_found') throw await noRouteOf(api, what);
      throw refusalWith(response, body, target);
    }
    if (!response.ok) throw await refusalOf(response, target);
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  };
  const fetchWithToken = async (path: string, init: RequestInit = {}) =>
    call(path, init, tokenOf(target));
  const api: ProxyApi = {
    target,
    fetch: fetchWithToken,
    fetchPublic: (path, init = {}) => call(path, init, undefined),
    async get<T>(path: string, query: Query = {}) {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (value !== undefined) search.set(name, String(value));
      }
      const suffix = search.size > 0 ? `?${search}` : '';
      return json<T>(await fetchWithToken(`${path}${suffix}`), `GET ${path}`);
    },
    async send<T>(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) {
      return json<T>(
        await fetchWithToken(path, {
          method,
          ...(body === undefined
            ? {}
            : { body: stringifyJson(body), headers: { 'Content-Type': 'application/json' } }),
        }),
        `${method} ${path}`,
      );
    },
  };
  return api;
}
