/**
 * Tells a request another site's page made its visitor's browser send from one the server may
 * take: any page may POST a "simple" request (a form, `text/plain`, no preflight) to any
 * address, and CORS only hides the answer, so whatever the request changes is changed all the
 * same. Shared by the proxy's creates and the sandbox's control API and hosted pages.
 */

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
