/**
 * The audit log on either database: who did what and when, newest first, each entry's detail
 * cut to the keys its action allows, so no secret or sender data can reach it by a careless
 * caller.
 */

import type { Kysely } from 'kysely';
import { json } from './rows.ts';
import type { Tables } from './tables.ts';

/** Every action the audit log records (the contract's list). */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'account_created',
  'account_changed',
  'account_removed',
  // One's own password, changed with the current one (an owner's reset is account_changed).
  'password_changed',
  'password_change_failed',
  'event_redelivered',
  'endpoint_created',
  'endpoint_changed',
  'endpoint_deleted',
  'secret_rotated',
  'endpoint_tested',
  'invoice_created',
  'invoice_cancelled',
  'withdrawal_created',
  // The service refused it (the invoice or withdrawal was attempted, not made).
  'invoice_refused',
  'withdrawal_refused',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The only keys an entry's detail may hold, per action: anything else given is dropped, so a
 * secret or a sender's data cannot reach the log by a careless caller.
 */
const DETAIL_KEYS: Record<AuditAction, readonly string[]> = {
  sign_in: ['setup'],
  sign_in_failed: ['reason'],
  sign_out: [],
  account_created: ['role'],
  account_changed: ['role', 'previous_role', 'password_changed', 'disabled'],
  account_removed: ['role'],
  password_changed: [],
  password_change_failed: ['reason'],
  event_redelivered: ['deliveries', 'endpoint_id'],
  endpoint_created: ['event_types'],
  endpoint_changed: ['url_changed', 'event_types', 'disabled', 'reason'],
  endpoint_deleted: [],
  secret_rotated: ['grace_seconds'],
  endpoint_tested: ['event_id'],
  invoice_created: ['foreign_id', 'amount', 'currency'],
  invoice_cancelled: [],
  withdrawal_created: ['foreign_id', 'amount', 'currency', 'refund_of'],
  invoice_refused: ['operation', 'foreign_id', 'currency', 'code'],
  withdrawal_refused: ['foreign_id', 'currency', 'refund_of', 'code'],
};

export interface AuditEntry {
  at: number;
  actor: string;
  action: AuditAction;
  target?: string;
  detail?: Record<string, unknown>;
}

export interface StoredAuditEntry extends AuditEntry {
  id: number;
}

export interface AuditQuery {
  actor?: string;
  action?: AuditAction;
  /** Only entries older than this id (the cursor of the page before). */
  before?: number;
  limit: number;
}

export interface AuditLogPart {
  writeAudit(entry: AuditEntry): Promise<void>;
  /** Newest first. */
  listAudit(query: AuditQuery): Promise<StoredAuditEntry[]>;
}

export function auditLog(db: Kysely<Tables>): AuditLogPart {
  return {
    async writeAudit(entry) {
      const allowed = DETAIL_KEYS[entry.action];
      const detail = Object.fromEntries(
        Object.entries(entry.detail ?? {}).filter(
          ([key, value]) => allowed.includes(key) && value !== undefined,
        ),
      );
      await db
        .insertInto('audit_log')
        .values({
          at: entry.at,
          actor: entry.actor,
          action: entry.action,
          target: entry.target ?? null,
          detail: Object.keys(detail).length === 0 ? null : JSON.stringify(detail),
        })
        .execute();
    },
    async listAudit({ actor, action, before, limit }) {
      const rows = await db
        .selectFrom('audit_log')
        .selectAll()
        .$if(actor !== undefined, (query) => query.where('actor', '=', actor!))
        .$if(action !== undefined, (query) => query.where('action', '=', action!))
        .$if(before !== undefined, (query) => query.where('id', '<', before!))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => {
        const entry: StoredAuditEntry = {
          id: Number(row.id),
          at: Number(row.at),
          actor: row.actor,
          action: row.action as AuditAction,
        };
        if (row.target !== null) entry.target = row.target;
        if (row.detail !== null) entry.detail = json(row.detail);
        return entry;
      });
    },
  };
}
