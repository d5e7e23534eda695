/**
 * The dashboard's client routes (the contract's): a path under /dashboard/ to a page and back,
 * and navigation with the history API. Pure functions first, so they are tested without a DOM.
 */

export const BASE = '/dashboard/';

export type Route =
  | { page: 'payments'; search: URLSearchParams }
  | { page: 'payment'; id: string }
  | { page: 'webhooks' }
  | { page: 'money'; search: URLSearchParams }
  | { page: 'callbacks'; search: URLSearchParams }
  | { page: 'audit'; search: URLSearchParams }
  | { page: 'accounts' }
  | { page: 'account' }
  | { page: 'sign-in'; search: URLSearchParams }
  | { page: 'not-found' };

export type PageName = Route['page'];

const SIMPLE: Record<string, PageName> = {
  webhooks: 'webhooks',
  money: 'money',
  callbacks: 'callbacks',
  audit: 'audit',
  accounts: 'accounts',
  account: 'account',
  'sign-in': 'sign-in',
};

/** The route of a location's path and query (`/dashboard/payments/abc`, `?q=…`). */
export function parseRoute(pathname: string, query = ''): Route {
  const search = new URLSearchParams(query);
  if (pathname === '/dashboard' || pathname === BASE) return { page: 'payments', search };
  if (!pathname.startsWith(BASE)) return { page: 'not-found' };
  const segments = pathname.slice(BASE.length).replace(/\/$/, '').split('/');
  if (segments[0] === 'payments' && segments.length === 2 && segments[1]) {
    let id: string;
    try {
      id = decodeURIComponent(segments[1]);
    } catch {
      return { page: 'not-found' };
    }
    return { page: 'payment', id };
  }
  const page = segments.length === 1 ? SIMPLE[segments[0]!] : undefined;
  if (page === 'money' || page === 'callbacks' || page === 'audit' || page === 'sign-in') {
    return { page, search };
  }
  return page ? ({ page } as Route) : { page: 'not-found' };
}

/** The address of a route, with its query when it has one. */
export function routeHref(route: Route): string {
  const query = 'search' in route ? route.search.toString() : '';
  const withQuery = (path: string) => (query ? `${path}?${query}` : path);
  switch (route.page) {
    case 'payments':
      return withQuery(BASE);
    case 'payment':
      return `${BASE}payments/${encodeURIComponent(route.id)}`;
    case 'not-found':
      return BASE;
    case 'money':
    case 'callbacks':
    case 'audit':
    case 'sign-in':
      return withQuery(`${BASE}${route.page}`);
    default:
      return `${BASE}${route.page}`;
  }
}

/** Sign-in, to come back to `from` (a path and query of the dashboard) once signed in. */
export function signInHref(from: string): string {
  const next = returnPath(from);
  return next && next !== BASE
    ? `${BASE}sign-in?${new URLSearchParams({ next })}`
    : `${BASE}sign-in`;
}

/**
 * Where to go after sign-in: `next` when it is a page of the dashboard (never another site, nor
 * sign-in itself), else undefined.
 */
export function returnPath(next: string | null | undefined): string | undefined {
  if (!next?.startsWith(BASE)) return undefined;
  const url = new URL(next, 'https://dashboard.invalid');
  if (url.origin !== 'https://dashboard.invalid') return undefined;
  const route = parseRoute(url.pathname, url.search);
  if (route.page === 'sign-in' || route.page === 'not-found') return undefined;
  return url.pathname + url.search;
}

/**
 * Tells the app to render another route (the `<cp-dashboard>` listens on window); `state` is
 * kept with the history entry (a list's newer pages), so Back and a reload find it again.
 */
export function navigate(
  href: string,
  { replace = false, state = null }: { replace?: boolean; state?: unknown } = {},
): void {
  if (replace) history.replaceState(state, '', href);
  else history.pushState(state, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * A click on an in-app link becomes a history navigation (no page load); a click with a
 * modifier key, or on a link out of the dashboard, stays the browser's.
 */
export function interceptLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event
    .composedPath()
    .find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  if (!anchor || anchor.target || anchor.hasAttribute('download')) return;
  const url = new URL(anchor.href, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith(BASE)) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
}

/** The payments list's address as last shown (its search and page); the list's own at first. */
let paymentsList = BASE;

/** Remembers the payments list's address, for a payment page's way back to it. */
export function rememberPaymentsList(search: URLSearchParams): void {
  paymentsList = routeHref({ page: 'payments', search });
}

/** Back to the payments list as the merchant left it (its filters and page kept). */
export const paymentsListHref = (): string => paymentsList;
