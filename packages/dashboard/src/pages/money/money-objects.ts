/**
 * The invoices' and withdrawals' lists: the service tells their statuses only in its callbacks,
 * so each is the newest callback of its object (by foreign_id), from `GET /admin/callbacks`.
 */
import { formatTime } from '../../format.ts';
import { strings } from '../../strings.ts';
import type { Column } from '../../table.ts';
import type { StoredCallback } from '../../types.ts';

const t = strings.money;

/** The lists' columns: the object's reference, its latest status and when it was told. */
export const objectColumns: readonly Column<StoredCallback>[] = [
  {
    heading: t.reference,
    cell: (callback) => callback.foreign_id ?? callback.object_id ?? strings.none,
    cellClass: () => 'mono',
  },
  { heading: t.status, cell: (callback) => callback.status ?? strings.none },
  { heading: t.at, cell: (callback) => formatTime(callback.received_at) },
];

/** The newest callback of each object (the log is newest first): its latest status. */
export function latestByObject(callbacks: readonly StoredCallback[]): StoredCallback[] {
  const seen = new Map<string, StoredCallback>();
  for (const callback of callbacks) {
    const key = callback.foreign_id ?? callback.object_id ?? `#${callback.id}`;
    if (!seen.has(key)) seen.set(key, callback);
  }
  return [...seen.values()];
}

/** The callbacks of one type, the 200 newest. */
export const objectCallbacksPath = (type: 'invoice' | 'withdrawal') =>
  `/admin/callbacks?${new URLSearchParams({ type, limit: '200' })}`;
