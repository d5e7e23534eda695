/**
 * The dashboard's accounts and the audit log, an owner's (`admin-roles.ts`): list, create,
 * change (role, password, disabled) and remove accounts (never the last enabled owner away, never
 * one's own removed), and read who did what. Passwords are hashed here and never answered or logged.
 */

import type { AccountRow, AuditEntry } from '@crypto-pay/protocol/merchant-api';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { hashPassword } from '../../accounts/passwords.ts';
import { ApiError } from '../../api-error.ts';
import { seconds } from '../../checkout/views.ts';
import { bodyTooLarge, errors, listOf, ok, ref } from '../../openapi/operations.ts';
import type { Account, Store } from '../../store/store.ts';
import { auditQuerySchema, changeAccountSchema, createAccountSchema } from '../account-schemas.ts';
import type { Audit } from '../audit.ts';
import type { AppEnv } from '../context.ts';
import { noQuerySchema, pageAnswer, pageSize } from '../request-schemas.ts';
import { jsonBody, queryOf } from '../validation.ts';

export interface AccountRouteDeps {
  store: Pick<
    Store,
    | 'createAccount'
    | 'listAccounts'
    | 'changeAccount'
    | 'removeAccount'
    | 'listAudit'
    | 'writeAudit'
  >;
  now: () => number;
  audit: Audit;
}

const accountView = (account: Account): AccountRow => ({
  name: account.name,
  role: account.role,
  created_at: seconds(account.createdAt),
  disabled: account.disabledAt !== undefined,
});

const accountNotFound = () =>
  new ApiError(404, 'account_not_found', 'There is no account with this name.');

const lastOwner = () =>
  new ApiError(
    409,
    'last_owner',
    'This is the last enabled owner: make another account an owner first.',
  );

export function accountRoutes({ store, now, audit }: AccountRouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/accounts',
      queryOf(noQuerySchema),
      describeRoute({
        summary: 'The dashboard’s accounts, by name',
        responses: { 200: ok('Accounts', listOf(ref('AccountRow'))) },
      }),
      async (c) => {
        const accounts = await store.listAccounts();
        return c.json({ data: accounts.map(accountView) }, 200);
      },
    )
    .post(
      '/accounts',
      jsonBody(createAccountSchema, 'CreateAccount'),
      describeRoute({
        summary: 'Add an account (a password of at least 12 characters, hashed with scrypt)',
        responses: {
          201: ok('Account', ref('AccountRow')),
          409: ok('account_exists: an account has this name.', ref('Error')),
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const account: Account = {
          name: body.name,
          passwordHash: await hashPassword(body.password),
          role: body.role,
          createdAt: now(),
        };
        if ((await store.createAccount(account)) === 'name_taken') {
          throw new ApiError(409, 'account_exists', 'An account has this name already.', {
            field: 'name',
          });
        }
        await audit(c, 'account_created', { target: account.name, detail: { role: account.role } });
        return c.json(accountView(account), 201);
      },
    )
    .patch(
      '/accounts/:name',
      jsonBody(changeAccountSchema, 'ChangeAccount'),
      describeRoute({
        summary:
          'Change an account’s role, password or disabled state (a new password or disabling ends its sessions)',
        responses: {
          200: ok('Account', ref('AccountRow')),
          ...errors(404),
          409: ok('last_owner: the change would leave no enabled owner.', ref('Error')),
        },
      }),
      async (c) => {
        const name = c.req.param('name');
        const body = c.req.valid('json');
        const at = now();
        const changed = await store.changeAccount(
          name,
          {
            ...(body.role === undefined ? {} : { role: body.role }),
            ...(body.password === undefined
              ? {}
              : { passwordHash: await hashPassword(body.password) }),
            ...(body.disabled === undefined ? {} : { disabledAt: body.disabled ? at : null }),
          },
          at,
        );
        if (changed === undefined) throw accountNotFound();
        if (changed === 'last_owner') throw lastOwner();
        const { account, was } = changed;
        await audit(c, 'account_changed', {
          target: name,
          detail: {
            role: body.role,
            // The role it had, when that changed: "operator to owner", not just "owner".
            previous_role: body.role === undefined || body.role === was.role ? undefined : was.role,
            password_changed: body.password === undefined ? undefined : true,
            disabled: body.disabled,
          },
        });
        return c.json(accountView(account), 200);
      },
    )
    .delete(
      '/accounts/:name',
      queryOf(noQuerySchema),
      describeRoute({
        summary:
          'Remove an account (not your own, nor the last enabled owner): its sessions end at once; the audit log keeps what it did',
        responses: {
          204: { description: 'Removed' },
          ...errors(404),
          ...bodyTooLarge,
          409: ok(
            'own_account: the account making the request; last_owner: the last enabled owner.',
            ref('Error'),
          ),
        },
      }),
      async (c) => {
        const name = c.req.param('name');
        // Removing oneself would end one's own session with no owner left to see it done.
        if (c.get('actor')?.name === name) {
          throw new ApiError(
            409,
            'own_account',
            'You cannot remove your own account: another owner can.',
          );
        }
        const removed = await store.removeAccount(name, now());
        if (removed === undefined) throw accountNotFound();
        if (removed === 'last_owner') throw lastOwner();
        await audit(c, 'account_removed', { target: name, detail: { role: removed.role } });
        return c.body(null, 204);
      },
    )
    .get(
      '/audit-log',
      queryOf(auditQuerySchema),
      describeRoute({
        summary: 'Who did what and when, newest first, a page at a time',
        responses: {
          200: ok('Audit log', ref('AuditPage')),
        },
      }),
      async (c) => {
        const query = c.req.valid('query');
        const limit = pageSize(query.limit);
        const entries = await store.listAudit({
          limit,
          ...(query.actor === undefined ? {} : { actor: query.actor }),
          ...(query.action === undefined ? {} : { action: query.action }),
          ...(query.before === undefined ? {} : { before: Number(query.before) }),
        });
        return c.json(
          pageAnswer(entries, limit, (entry): AuditEntry => ({ ...entry, at: seconds(entry.at) })),
          200,
        );
      },
    );
}
