/**
 * The invoices' and withdrawals' lists: every one made through the merchant API, newest first, a
 * page at a time (`GET /admin/money-operations`), each with its status as the service's
 * callbacks told it. The service tells of one only once something happens to it, so the proxy's
 * own record is the list, not the callback log.
 */
import { formatAmount, formatTime } from '../../format.ts';
import { pagePath } from '../../list-query.ts';
import { strings } from '../../strings.ts';
import type { Column } from '../../table.ts';
import type { MoneyOperation } from '../../types.ts';

const t = strings.money;

/** The lists' columns: the reference, amount, status, when and by whom it was made. */
export const operationColumns: readonly Column<MoneyOperation>[] = [
  {
    heading: t.reference,
    cell: (operation) => operation.foreign_id,
    cellClass: () => 'mono',
    rowHeader: true,
  },
  {
    heading: t.amount,
    cell: (operation) => formatAmount(operation.amount, { iso: operation.currency }),
    numeric: true,
  },
  { heading: t.status, cell: (operation) => operation.status },
  { heading: t.at, cell: (operation) => formatTime(operation.created_at) },
  { heading: t.createdBy, cell: (operation) => operation.created_by },
];

/** A page of the invoices or the withdrawals, older than `before`. */
export const operationsPath = (kind: MoneyOperation['kind'], before: string | undefined) =>
  pagePath('/admin/money-operations', { kind }, before);
