/**
 * Tells a request another site's page made its visitor's browser send from one the server may
 * take: any page may POST a "simple" request (a form, `text/plain`, no preflight) to any
 * address, and CORS only hides the answer, so whatever the request changes is changed all the
 * same. Shared by the proxy's creates and the sandbox's control API and hosted pages.
 */

import { isJsonContentType } from './json.ts';

/** The headers that say where a request comes from. */
export interface RequestSource {
  /** `Origin`: a browser names the page's origin in it on every POST. */
  origin: string | undefined;
  /** `Sec-Fetch-Site`: set by the browser, never by a page. */
  secFetchSite: string | undefined;
}

/**
 * Whether a request comes from a page whose origin `isAllowedOrigin` refuses. A request without
 * `Origin` comes from a server (curl, a merchant's back end), not a page, and is not refused
 * for it; a page on the server's own origin says so in `Sec-Fetch-Site`, whatever its `Origin`
 * (`null` under a no-referrer policy).
 */
export function isCrossSite(
  source: RequestSource,
  isAllowedOrigin: (origin: string) => boolean,
): boolean {
  if (source.origin === undefined || source.secFetchSite === 'same-origin') return false;
  return !isAllowedOrigin(source.origin);
}

/** Why a body that is not declared JSON is refused (415) where a page could send it. */
export const JSON_BODY_REQUIRED =
  'The request body must be JSON, sent with Content-Type: application/json.';

/**
 * Why a state-changing request that a page could send is refused, or undefined: `cross_site`
 * (a page whose origin `isAllowedOrigin` refuses, 403) or `not_json` (a body not declared JSON,
 * the one type a page cannot send without a preflight, which CORS then answers: 415). `header`
 * reads the request's headers by name.
 */
export function pageRequestRefusal(
  header: (name: string) => string | undefined,
  isAllowedOrigin: (origin: string) => boolean,
): 'cross_site' | 'not_json' | undefined {
  const source = { origin: header('Origin'), secFetchSite: header('Sec-Fetch-Site') };
  if (isCrossSite(source, isAllowedOrigin)) return 'cross_site';
  if (!isJsonContentType(header('Content-Type'))) return 'not_json';
  return undefined;
}
