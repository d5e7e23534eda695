/**
 * The merchant API's answers as the dashboard reads them: the types of the protocol's contract
 * (`@crypto-pay/protocol/merchant-api`, which the proxy's answers and /openapi.json come from),
 * and which role includes which.
 */

export type {
  Account,
  AccountRow,
  AuditEntry,
  Balance,
  DailyFigure,
  DeliveryAttempt,
  DroppedDelivery,
  MoneyOperation,
  Page,
  Role,
  SessionAnswer,
  StoredCallback,
  Timeline,
  TimelineEntry,
  WebhookBacklog,
  WebhookEndpoint,
} from '@crypto-pay/protocol/merchant-api';
export type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';

import type { Account, Role } from '@crypto-pay/protocol/merchant-api';

/** Which roles a role includes: an owner may do what an operator may, and so on. */
const RANK: Record<Role, number> = { viewer: 0, operator: 1, owner: 2 };

/**
 * Whether the signed-in account may do what `needed` may. An unknown account (a proxy without
 * sessions, reached with the bearer token) is let through: the proxy decides, and says 403.
 */
export function allows(account: Account | undefined, needed: Role): boolean {
  return account === undefined || RANK[account.role] >= RANK[needed];
}
