/**
 * `GET {base_url}/transactions/info` with a JSON body: by `id` or by `foreign_id` (exactly
 * one), only the merchant's own transactions; another merchant's answer as unknown ones do.
 */

import { transactionInfoRequestSchema, validate } from '@crypto-pay/protocol';
import { Hono } from 'hono';
import type { SandboxCore } from '../core.ts';
import type { SandboxEnv } from '../env.ts';
import { fail } from '../failure.ts';
import { sandboxErrors } from '../sandbox-errors.ts';
import type { TransactionRecord } from '../store.ts';
import { transactionView } from '../transactions.ts';

function find(
  core: SandboxCore,
  query: { id?: number | undefined; foreign_id?: string | undefined },
) {
  const mine = (record: TransactionRecord | undefined) =>
    record?.owner === 'merchant' ? record : undefined;
  if (query.id !== undefined) return mine(core.store.transactions.get(query.id));
  // A foreign_id names one payment, invoice or withdrawal; the newest transaction wins.
  const matches = [...core.store.transactions.values()].filter(
    (record) => record.owner === 'merchant' && record.foreignId === query.foreign_id,
  );
  return matches.at(-1);
}

export function transactionRoutes(core: SandboxCore) {
  return new Hono<SandboxEnv>().get('/transactions/info', (c) => {
    const validated = validate(transactionInfoRequestSchema, c.get('body'));
    if (!validated.success) fail(validated.failure.error);
    const record = find(core, validated.data);
    if (!record) fail(sandboxErrors.transactionNotFound);
    return c.json(transactionView(record), 200);
  });
}
