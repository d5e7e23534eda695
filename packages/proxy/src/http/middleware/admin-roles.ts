/**
 * The role each merchant API route needs, in one table: `viewer` reads, `operator` also
 * redelivers, manages webhook endpoints and invoices, `owner` also makes withdrawals, checkout
 * sessions and accounts, rotates endpoint secrets and reads the audit log. The bearer token is an owner. A route missing
 * here needs an owner (a test fails for it: `admin-roles.test.ts`).
 */

import type { Role } from '@crypto-pay/protocol/merchant-api';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** `none`: the route sees to who may call it itself (signing in and out). */
export type RouteRole = Role | 'none';

export const ADMIN_ROUTE_ROLES: Readonly<Record<string, RouteRole>> = {
  'POST /admin/session': 'none',
  'GET /admin/session': 'none',
  'DELETE /admin/session': 'none',
  // Anyone signed in, for their own account (the route refuses the bearer token, which has none).
  'POST /admin/session/password': 'viewer',

  'GET /admin/checkouts': 'viewer',
  'GET /admin/checkouts/:id': 'viewer',
  // Part B's routes (issue 31): every GET is a viewer's.
  'GET /admin/checkouts/export': 'viewer',
  'GET /admin/checkouts/daily': 'viewer',
  'GET /admin/checkouts/:id/timeline': 'viewer',
  'GET /admin/callbacks': 'viewer',
  'GET /admin/balances': 'viewer',
  'GET /admin/currencies': 'viewer',
  'GET /admin/transactions': 'viewer',
  'GET /admin/transactions/:id': 'viewer',
  'GET /admin/webhook-endpoints': 'viewer',
  'GET /admin/events': 'viewer',
  'GET /admin/webhook-deliveries': 'viewer',
  'GET /admin/webhook-deliveries/dropped': 'viewer',
  'GET /admin/webhook-backlog': 'viewer',
  // Issue 34's developer command line: the events as they are written, and which service.
  'GET /admin/events/stream': 'viewer',
  'GET /admin/processing': 'viewer',
  // The invoices and withdrawals made, as the Money page and a payment's refunds read them.
  'GET /admin/money-operations': 'viewer',

  'POST /admin/events/:id/redeliver': 'operator',
  'POST /admin/invoices': 'operator',
  'POST /admin/invoices/:foreign_id/cancel': 'operator',
  'POST /admin/webhook-endpoints': 'operator',
  'PATCH /admin/webhook-endpoints/:id': 'operator',
  'DELETE /admin/webhook-endpoints/:id': 'operator',

  'POST /admin/webhook-endpoints/:id/test': 'operator',
  'POST /admin/webhook-endpoints/:id/redeliver': 'operator',

  'POST /admin/checkout-sessions': 'owner',
  // The issue gives secrets to owners: an endpoint's new signing secret is in the answer.
  'POST /admin/webhook-endpoints/:id/rotate-secret': 'owner',
  'POST /admin/withdrawals': 'owner',
  'GET /admin/accounts': 'owner',
  'POST /admin/accounts': 'owner',
  'PATCH /admin/accounts/:name': 'owner',
  'DELETE /admin/accounts/:name': 'owner',
  'GET /admin/audit-log': 'owner',
};

/**
 * All the ADMIN_TOKEN setup session may do beside signing in and out: see and make accounts
 * (the first owner). Anything else is 403 `setup_only`.
 */
export const SETUP_ROUTES: ReadonlySet<string> = new Set([
  'GET /admin/accounts',
  'POST /admin/accounts',
]);

const RANK: Record<Role, number> = { viewer: 0, operator: 1, owner: 2 };

export const roleAllows = (role: Role, needed: Role) => RANK[role] >= RANK[needed];

/**
 * The route that answers this request, as registered: `POST /admin/events/:id/redeliver`. Hono
 * runs the matching routes in the order they were registered and the first handler answers, so
 * the first one that is no middleware (`use`, method ALL) is it: `/checkouts/export` of a
 * router mounted before another's `/checkouts/:id` is answered by the former.
 */
export function routeKey(c: Context): string | undefined {
  const route = matchedRoutes(c).find((route) => route.method !== 'ALL');
  if (!route) return undefined;
  return `${route.method} ${route.path}`;
}

/**
 * The role this request's route needs (HEAD as GET): an owner's for a route not listed; a
 * viewer's where no route matches, so anyone signed in hears the 404 or 405 that says so rather
 * than a 403 for a role no route asks (the addresses are no secret: `/openapi.json` lists them).
 */
export function neededRole(c: Context): RouteRole {
  const key = routeKey(c);
  if (key === undefined) return 'viewer';
  return ADMIN_ROUTE_ROLES[key] ?? 'owner';
}
