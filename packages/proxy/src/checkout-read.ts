/**
 * The answer to a status read of one checkout (status, headers, body), shared by the Hono
 * route and the fast read path so both answer byte for byte alike.
 */

import { publicCheckout } from './checkout/create.ts';
import type { CheckoutRecord } from './store/store.ts';

export type ReadAnswer =
  | { status: 200; headers: Record<string, string>; body: string }
  | { status: 304; headers: Record<string, string>; body: null };

export function checkoutReadAnswer(
  checkout: CheckoutRecord,
  ifNoneMatch: string | undefined,
): ReadAnswer {
  // The version grows with every change, so it is the validator: no body to hash.
  const tag = `"v${checkout.version}"`;
  if (matchesETag(ifNoneMatch, tag)) {
    // The Node adapter gives every answer a Content-Type; said here so both paths agree.
    return {
      status: 304,
      headers: {
        ETag: tag,
        'Cache-Control': 'no-cache',
        'Content-Type': 'text/plain; charset=UTF-8',
      },
      body: null,
    };
  }
  return {
    status: 200,
    headers: { ETag: tag, 'Cache-Control': 'no-cache', 'Content-Type': 'application/json' },
    body: bodyOf(checkout),
  };
}

// Records are frozen and replaced on every change, so a record's body is written once.
const bodies = new WeakMap<CheckoutRecord, string>();

function bodyOf(checkout: CheckoutRecord): string {
  let body = bodies.get(checkout);
  if (body === undefined) {
    body = JSON.stringify(publicCheckout(checkout));
    if (Object.isFrozen(checkout)) bodies.set(checkout, body);
  }
  return body;
}

/** `If-None-Match` (a list of tags, weak or strong, or `*`) against the current tag. */
export function matchesETag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((given) => given.trim().replace(/^W\//, '') === tag);
}
