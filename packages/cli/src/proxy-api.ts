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
import { CLI_VERSION } from './version.ts';

/** A call that takes longer than this is reported, not waited for forever (doctor: --timeout). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** The `/healthz` asked after a route the address lacks gets this long at most: a quick answer. */
export const HEALTH_PROBE_MS = 3_000;

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
  /** How its `/healthz` answers, within `HEALTH_PROBE_MS` (or the call's limit when shorter). */
  health(): Promise<Health>;
}

/**
 * What `/healthz` says of the address: a crypto-pay proxy (`{"status":"ok"}`, with its release
 * when it says it), something else (a shop's page, a redirect), or nothing in time.
 */
export type Health =
  | { answer: 'proxy'; version: string | undefined }
  | { answer: 'other' }
  | { answer: 'none'; why: string };

/** An answer that sends the call elsewhere: never followed, so the token stays with the address given. */
class Redirected extends CommandFailed {}

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

/**
 * Why fetch threw, in words: the address does not resolve, nothing listens, a timeout. (A port
 * fetch never connects to is refused with the flag, `target.ts`, and no redirect is followed.)
 */
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
  const what = isTimeout(error)
    ? `did not answer within ${timeoutMs / 1000} s`
    : cause === 'ENOTFOUND' || cause === 'EAI_AGAIN'
      ? `has a host name that does not resolve (${cause})`
      : cause === 'ECONNREFUSED'
        ? `refused the connection (ECONNREFUSED): nothing listens there. ${notListening}`
        : `could not be reached (${cause})`;
  return new CommandFailed(`${url} ${what}.`, { cause: error });
}

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

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

/**
 * A refusal as a sentence says it: `(502 upstream_unavailable): The processing…`. The processing
 * service's own refusals pass through with its code, its status again (`404`): said once.
 */
export function refusalText(response: Response, body: ProxyErrorBody | undefined): string {
  if (!body) return `(HTTP ${response.status})`;
  const code = String(body.code) === String(response.status) ? '' : ` ${body.code}`;
  return `(${response.status}${code}): ${body.error}`;
}

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

/**
 * The error of an answer that names no route: a 404 that names no missing thing (the proxy's
 * own `not_found`, or another server's page) or a 405 (the proxy knows the address, not the
 * method). `/healthz` tells a proxy without the route from no proxy at all; its release is
 * named, as the command line's, for the reader to compare.
 */
export async function noRouteOf(
  api: ProxyApi,
  what: string,
  response: Response,
): Promise<CommandFailed> {
  const url = api.target.proxyUrl;
  const health = await api.health();
  if (health.answer === 'other') return new CommandFailed(notAProxy(url));
  if (health.answer === 'none') {
    return new CommandFailed(
      `${url} has no route for ${what} (${response.status}), and its /healthz ${health.why} either: is it the proxy's address? Give the proxy's address with --proxy or CRYPTO_PAY_PROXY_URL.`,
    );
  }
  // Releases are compared by name only: two builds of one release can differ in routes, so a
  // release alike rules nothing out.
  const release = health.version === undefined ? '' : ` (release ${health.version})`;
  const older = `the proxy${release} is older than this command line (release ${CLI_VERSION}): upgrade it`;
  const off = 'its merchant API is off (it is on once the proxy has an ADMIN_TOKEN)';
  const why =
    response.status === 405
      ? // The address is the proxy's (so its merchant API is on), the method is not.
        `${response.status}: it takes ${response.headers.get('allow') ?? 'other methods'} there): the proxy${release} and this command line (release ${CLI_VERSION}) are not of one build; run them from the same one`
      : `${response.status}): ${off}, or ${older}`;
  return new CommandFailed(`The proxy at ${url} has no route for ${what} (${why}.`);
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
  const call = async (
    path: string,
    init: RequestInit,
    token: string | undefined,
    limitMs = timeoutMs,
  ) => {
    const used =
      init.signal ?? AbortSignal.any([AbortSignal.timeout(limitMs), ...(signal ? [signal] : [])]);
    const url = `${target.proxyUrl}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        // Never followed: the token (and a POST's body) goes only to the address given.
        redirect: 'manual',
        signal: used,
        headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers },
      });
    } catch (error) {
      // Stopped by the caller (Ctrl-C, a follower's own watchdog): not the proxy's doing.
      if (used.aborted && (used.reason as Error | undefined)?.name !== 'TimeoutError') {
        throw used.reason;
      }
      throw unreachable(target.proxyUrl, error, limitMs);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel();
      const to = URL.parse(location, url)?.href ?? location;
      throw new Redirected(
        `The proxy at ${target.proxyUrl} answered ${init.method ?? 'GET'} ${path} with a redirect (${response.status}) to ${to.slice(0, 256)}, which this command does not follow (its token goes only to the address given): if the proxy is there, give its address with --proxy or CRYPTO_PAY_PROXY_URL.`,
      );
    }
    return response;
  };
  const json = async <T>(response: Response, what: string): Promise<T> => {
    if (response.status === 404 || response.status === 405) {
      const body = await errorBodyOf(response);
      // The proxy's unmatched route (`not_found`, `method_not_allowed`), or no proxy's words.
      const unmatched = response.status === 404 ? 'not_found' : 'method_not_allowed';
      if (!body || body.code === unmatched) throw await noRouteOf(api, what, response);
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
    async health() {
      const limitMs = Math.min(timeoutMs, HEALTH_PROBE_MS);
      let response: Response;
      try {
        response = await call('/healthz', {}, undefined, limitMs);
      } catch (error) {
        // A redirect is no proxy's /healthz; Ctrl-C ends the command.
        if (error instanceof Redirected) return { answer: 'other' };
        if (!(error instanceof CommandFailed)) throw error;
        return {
          answer: 'none',
          why: isTimeout(error.cause)
            ? `did not answer within ${limitMs / 1000} s`
            : `could not be reached (${failureCause(error.cause)})`,
        };
      }
      const body = (await response.json().catch(() => undefined)) as
        | { status?: unknown; version?: unknown }
        | undefined;
      if (!response.ok || body?.status !== 'ok') return { answer: 'other' };
      return {
        answer: 'proxy',
        version: typeof body.version === 'string' ? body.version : undefined,
      };
    },
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
