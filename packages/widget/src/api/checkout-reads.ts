/**
 * Reading a checkout the element follows (with its ETag) and the address of its event stream:
 * only what follows a checkout reads them (`checkout-following.ts`, a chunk), so they stay out of
 * the first paint, which `proxy-api.ts` is part of.
 */
import {
  answer,
  type CallOptions,
  type Checkout,
  call,
  checkedCheckout,
  url,
} from './proxy-api.ts';

export interface CheckoutRead {
  /** Absent when the proxy answered 304: nothing changed since `etag`. */
  checkout?: Checkout;
  etag?: string;
}

export async function getCheckout(
  proxy: string,
  id: string,
  options: CallOptions,
  etag?: string,
): Promise<CheckoutRead> {
  const init = { headers: etag ? { 'if-none-match': etag } : {}, ...options };
  return call(url(proxy, `/api/checkouts/${encodeURIComponent(id)}`), init, async (response) => {
    if (response.status === 304) return etag ? { etag } : {};
    const checkout = checkedCheckout(await answer(response));
    const newEtag = response.headers.get('etag');
    return newEtag ? { checkout, etag: newEtag } : { checkout };
  });
}

export const eventsUrl = (proxy: string, id: string) =>
  url(proxy, `/api/checkouts/${encodeURIComponent(id)}/events`);
