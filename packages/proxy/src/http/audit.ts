/**
 * Writes the audit log's entries for the merchant API's actions, with the request's actor
 * (`admin-auth.ts`). An action already done (a withdrawal the service took) keeps its answer
 * when the store cannot write its entry: the failure is logged instead, so the caller never
 * retries something that happened.
 */

import type { Context } from 'hono';
import type { AuditAction, Store } from '../store/store.ts';
import type { AppEnv } from './context.ts';

export type Audit = (
  c: Context<AppEnv>,
  action: AuditAction,
  entry?: { target?: string | undefined; detail?: Record<string, unknown>; actor?: string },
) => Promise<void>;

export interface AuditDeps {
  store: Pick<Store, 'writeAudit'>;
  now: () => number;
}

export function auditOf({ store, now }: AuditDeps): Audit {
  return async (c, action, entry = {}) => {
    try {
      await store.writeAudit({
        at: now(),
        actor: entry.actor ?? c.get('actor')?.name ?? 'anonymous',
        action,
        ...(entry.target === undefined ? {} : { target: entry.target }),
        ...(entry.detail === undefined ? {} : { detail: entry.detail }),
      });
    } catch (error) {
      c.get('log')('error', 'audit entry not written', {
        action,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
}
