/**
 * A checkout as the store keeps it, and the parts of it the public API and the event streams
 * tell: the record's fields behind the contract's, checked by the compiler.
 */

import type {
  Checkout,
  CheckoutStatus,
  CurrencyRef,
  PricingMode,
  RefundInstructions,
  StatusDetail,
} from '@crypto-pay/protocol/proxy-api';

/**
 * A character of a checkout id (base64url: `-` and `_` are of it); an id is 22 of them when
 * the proxy makes it, and at most 64 (`findCheckout`).
 */
export const CHECKOUT_ID_CHARACTER = '[A-Za-z0-9_-]';

/** Kept as the public API names them, so a checkout passes them through unchanged. */
export type { CurrencyRef, PricingMode };

/** A checkout as stored: the public object plus what only the merchant sees. */
export interface CheckoutRecord {
  /** Unguessable public id (>= 128 random bits, base64url). */
  id: string;
  status: CheckoutStatus;
  paymentLink: string;
  /** Unix seconds. */
  expiresAt: number;
  amount: string;
  currency: CurrencyRef;
  paymentCurrency?: CurrencyRef;
  successUrl?: string;
  failedUrl?: string;
  paymentRequestId: string;
  foreignId: string;
  pricing: PricingMode;
  /** The sku for `product` pricing. */
  product?: string;
  /** What the service's callback said beyond the status (see `status-detail.ts`). */
  statusDetail?: StatusDetail;
  /** Where refund instructions come from when the amount sent differs from the amount due. */
  refundInstructions?: RefundInstructions;
  /** Unix milliseconds. */
  createdAt: number;
  updatedAt: number;
  /** Grows by one with every change: ETags and SSE ordering follow it. */
  version: number;
  /**
   * Unix milliseconds: when a sweep found it stale (still not final `STALE_AFTER_SECONDS` past
   * its expiry) and announced it; kept until a final status comes, even through `processing`.
   * Not a change: the version stays.
   */
  staleAt?: number;
}

/**
 * The record's field behind each of the public checkout's, whose value fits the contract's: a
 * field the contract gains and this misses fails to compile.
 */
type PublicFieldMap = {
  [Public in keyof Checkout]-?: {
    [Field in keyof CheckoutRecord]-?: CheckoutRecord[Field] extends Checkout[Public]
      ? Field
      : never;
  }[keyof CheckoutRecord];
};

/** The public checkout's fields (snake_case, the contract's) and the record's they come from. */
export const PUBLIC_FIELDS = {
  id: 'id',
  status: 'status',
  payment_link: 'paymentLink',
  expires_at: 'expiresAt',
  amount: 'amount',
  currency: 'currency',
  payment_currency: 'paymentCurrency',
  success_url: 'successUrl',
  failed_url: 'failedUrl',
  status_detail: 'statusDetail',
  refund_instructions: 'refundInstructions',
} as const satisfies PublicFieldMap;

/**
 * What an event stream tells of a checkout: the public object's fields and the version, nothing
 * only the merchant sees. Another proxy's change comes this way in its notice.
 */
const STREAMED_FIELDS = [...Object.values(PUBLIC_FIELDS), 'version'] as const;

export type StreamedCheckout = Pick<CheckoutRecord, (typeof STREAMED_FIELDS)[number]>;

/** `checkout`'s fields an event stream tells, and only those (a notice carries them). */
export function streamedCheckout(checkout: StreamedCheckout): StreamedCheckout {
  const streamed: Record<string, unknown> = {};
  for (const field of STREAMED_FIELDS) {
    if (checkout[field] !== undefined) streamed[field] = checkout[field];
  }
  return streamed as StreamedCheckout;
}
