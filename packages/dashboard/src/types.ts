/**
 * The merchant API's answers as the dashboard reads them: the checkout from the protocol's
 * contract, the rest as the routes (and the shared contract) define them.
 */
export type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';

import type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';

export type Role = 'viewer' | 'operator' | 'owner';

export interface Account {
  name: string;
  role: Role;
  /** Signed in with ADMIN_TOKEN on a fresh install: the first owner is still to be made. */
  setup?: boolean;
}

export interface SessionAnswer {
  account: Account;
  idle_expires_at: number;
  expires_at: number;
}

export interface Page<T> {
  data: T[];
  next_before?: string;
}

export interface DailyFigure {
  date: string;
  created: number;
  paid: number;
  failed: number;
  expired: number;
  open: number;
  paid_share: string;
}

export type TimelineEntry =
  | { kind: 'created'; at: number }
  | {
      kind: 'callback';
      at: number;
      callback_id: string;
      type: string;
      status: string;
      outcome: string;
    }
  | { kind: 'status'; at: number; status: string; detail?: string }
  | { kind: 'event'; at: number; event_id: string; type: string }
  | {
      kind: 'delivery_attempt';
      at: number;
      event_id: string;
      delivery_id: string;
      endpoint_id: string;
      endpoint_url: string;
      attempt: number;
      status_code?: number;
      duration_ms: number;
      error?: string;
      response_excerpt?: string;
    }
  | { kind: 'stale'; at: number };

export interface Timeline {
  checkout: MerchantCheckout;
  data: TimelineEntry[];
}

export interface StoredCallback {
  id: string;
  received_at: number;
  type: string;
  object_id?: string;
  foreign_id?: string;
  status?: string;
  outcome: string;
  body: unknown;
}

/** Which roles a role includes: an owner may do what an operator may, and so on. */
const RANK: Record<Role, number> = { viewer: 0, operator: 1, owner: 2 };

/**
 * Whether the signed-in account may do what `needed` may. An unknown account (a proxy without
 * sessions, reached with the bearer token) is let through: the proxy decides, and says 403.
 */
export function allows(account: Account | undefined, needed: Role): boolean {
  return account === undefined || RANK[account.role] >= RANK[needed];
}
