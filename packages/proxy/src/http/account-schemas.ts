/**
 * Schemas of the dashboard's sign-in, the accounts and the audit log's query: they validate at
 * the edge and generate /openapi.json, like `request-schemas.ts`.
 */

import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@crypto-pay/protocol/passwords';
import * as z from 'zod/mini';
import { AUDIT_ACTIONS, ROLES, SETUP_ACCOUNT } from '../store/store.ts';
import { filter, idCursor, limit } from './request-schemas.ts';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,63}$/;

const accountName = z.string().check(
  z.regex(
    NAME,
    'The name must be 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or a digit.',
  ),
  z.refine((name) => name !== SETUP_ACCOUNT, `The name ${SETUP_ACCOUNT} is kept for ADMIN_TOKEN.`),
);

const password = z
  .string()
  .check(
    z.minLength(
      MIN_PASSWORD_LENGTH,
      `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`,
    ),
    z.maxLength(
      MAX_PASSWORD_LENGTH,
      `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
    ),
  );

const role = z.enum(ROLES, { error: `The role must be one of ${ROLES.join(', ')}.` });

/**
 * `POST /admin/session`: a name and a password, or on a fresh install the ADMIN_TOKEN. No rule
 * on what is sent beyond its size: a wrong password of any shape gets the same answer.
 */
export const signInSchema = z.strictObject(
  {
    name: z.optional(z.string().check(z.maxLength(64, 'The name is at most 64 characters.'))),
    password: z.optional(
      z.string().check(z.maxLength(MAX_PASSWORD_LENGTH, 'The password is too long.')),
    ),
    admin_token: z.optional(z.string().check(z.maxLength(1024, 'The admin_token is too long.'))),
  },
  {
    error:
      'The request body must be a JSON object such as {"name": "ann", "password": "…"} or {"admin_token": "…"}.',
  },
);

/** `POST /admin/accounts`. */
export const createAccountSchema = z.strictObject(
  { name: accountName, password, role },
  {
    error:
      'The request body must be a JSON object such as {"name": "ann", "password": "…", "role": "viewer"}.',
  },
);

/** `PATCH /admin/accounts/{name}`. */
export const changeAccountSchema = z.strictObject(
  {
    role: z.optional(role),
    password: z.optional(password),
    disabled: z.optional(z.boolean({ error: 'The disabled field must be true or false.' })),
  },
  { error: 'The request body must be a JSON object such as {"role": "operator"}.' },
);

/**
 * `POST /admin/session/password`: the signed-in account's own password, with the current one
 * (a session left open on a shared computer must not be enough to take the account).
 */
export const changeOwnPasswordSchema = z.strictObject(
  {
    current_password: z
      .string({ error: 'The current password is a mandatory field.' })
      .check(z.maxLength(MAX_PASSWORD_LENGTH, 'The current password is too long.')),
    password,
  },
  {
    error:
      'The request body must be a JSON object such as {"current_password": "…", "password": "…"}.',
  },
);

/** `GET /admin/audit-log?actor=&action=&limit=&before=`. */
export const auditQuerySchema = z.strictObject({
  actor: filter(
    'Only what this account did (admin-token: the bearer token and the setup session).',
  ),
  action: z.optional(
    z
      .enum(AUDIT_ACTIONS, { error: `The action must be one of ${AUDIT_ACTIONS.join(', ')}.` })
      .check(z.describe('Only entries of this action.')),
  ),
  before: idCursor('an entry'),
  limit,
});
