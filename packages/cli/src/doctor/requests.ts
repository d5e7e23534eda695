/**
 * How the doctor asks the proxy: a public route as a page or an orchestrator asks it (no token),
 * and the proxy's error body read when there is one; a proxy that cannot be reached is said in
 * the words of `unreachable`.
 */

import { type ProxyErrorBody, proxyErrorSchema } from '@crypto-pay/protocol/proxy-api';
import { unreachable } from '../proxy-api.ts';
import type { Target } from '../target.ts';

export async function publicFetch(
  target: Target,
  path: string,
  signal: AbortSignal,
  init: RequestInit = {},
): Promise<Response> {
  try {
    return await fetch(`${target.proxyUrl}${path}`, { ...init, signal });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw unreachable(target.proxyUrl, error);
  }
}

/** The proxy's `{error, code}` of a refusal, if the body is one. */
export async function errorBodyOf(response: Response): Promise<ProxyErrorBody | undefined> {
  try {
    const parsed = proxyErrorSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal as the summary says it: `(502 upstream_unavailable): The processing…`. */
export const refusalText = (response: Response, body: ProxyErrorBody | undefined) =>
  body ? `(${response.status} ${body.code}): ${body.error}` : `(HTTP ${response.status})`;
