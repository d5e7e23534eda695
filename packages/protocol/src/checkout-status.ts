/**
 * A checkout's statuses, without zod so that the widget's bundle can hold them: which there are,
 * which are final, and their order. A checkout follows its payment request's status one for one,
 * so these are the processing service's statuses too (`payment-request.ts` names them so).
 */

/** In the order a checkout moves through them. */
export const CHECKOUT_STATUSES = ['created', 'processing', 'paid', 'failed', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A checkout (and its payment request) in one of these never changes again. */
export const FINAL_CHECKOUT_STATUSES: readonly CheckoutStatus[] = ['paid', 'failed', 'expired'];

export const isFinalStatus = (status: CheckoutStatus): boolean =>
  FINAL_CHECKOUT_STATUSES.includes(status);

/** How far along a status is: `created` 0, `processing` 1, any final one 2. */
export const statusRank = (status: CheckoutStatus): number =>
  isFinalStatus(status) ? 2 : CHECKOUT_STATUSES.indexOf(status);

/** Whether `next` moves a checkout on from `current`: never out of a final status, never back. */
export const isAhead = (current: CheckoutStatus, next: CheckoutStatus): boolean =>
  !isFinalStatus(current) && statusRank(next) > statusRank(current);
