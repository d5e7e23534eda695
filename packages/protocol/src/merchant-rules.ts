/**
 * The merchant API's terms a page reads without its schemas: the dashboard's shell imports
 * these, and zod stays in the chunks that check forms (`merchant-api.ts` re-exports them).
 */

/** The most a merchant API list answers in one page (`limit=`), for the proxy and its callers. */
export const MAX_PAGE_SIZE = 200;

/** What the proxy keeps of the merchant API's objects: the invoices and withdrawals it made. */
export const MONEY_OPERATION_KINDS = ['invoice', 'withdrawal'] as const;
export type MoneyOperationKind = (typeof MONEY_OPERATION_KINDS)[number];

/**
 * The final statuses of a refund that sent no money: a checkout with only these may be paid back
 * again. Any other, `requested` (asked, the service's answer not yet known) included, counts as
 * sent. The proxy's store enforces it with a unique index built from this list, so changing it
 * needs a migration.
 */
export const REFUND_VOID_STATUSES: readonly string[] = ['cancelled', 'declined', 'failed'];
