/**
 * The dashboard's people on either database: accounts (a name, a scrypt hash, a role) and their
 * sessions (the token's SHA-256 only, refreshed while used); who did what is `audit-log.ts`.
 * Passwords and tokens never reach this module in the clear.
 */

import type { Role } from '@crypto-pay/protocol/merchant-api';
import type { Kysely } from 'kysely';
import type { StoreDialect } from './dialect.ts';
import { periodicSweep } from './rate-buckets.ts';
import type { Tables } from './tables.ts';

// The roles are the contract's, which the dashboard reads too.
export { ROLES, type Role } from '@crypto-pay/protocol/merchant-api';

/** The account name of the setup session that ADMIN_TOKEN signs in on a fresh install. */
export const SETUP_ACCOUNT = 'admin-token';

export interface Account {
  name: string;
  /** `scrypt$N$r$p$salt$hash` (`http/passwords.ts`). */
  passwordHash: string;
  role: Role;
  createdAt: number;
  /** Unix milliseconds; undefined while the account may sign in. */
  disabledAt?: number;
}

export interface AccountChange {
  role?: Role;
  passwordHash?: string;
  /** A time disables it, null enables it again. */
  disabledAt?: number | null;
}

export interface DashboardSession {
  tokenHash: string;
  account: string;
  createdAt: number;
  lastSeenAt: number;
  /** The absolute end, whatever the use. */
  expiresAt: number;
}

export interface AccountsPart {
  /** Saves a new account; `name_taken` when one of that name exists (disabled or not). */
  createAccount(account: Account): Promise<'created' | 'name_taken'>;
  getAccount(name: string): Promise<Account | undefined>;
  listAccounts(): Promise<Account[]>;
  /**
   * Changes an account, and ends its sessions when its password changed or it was disabled:
   * the account as it is now and as it was (read in the same transaction, for the audit log).
   * `last_owner` (nothing changed) when the change would leave no enabled owner; undefined
   * when there is no such account.
   */
  changeAccount(
    name: string,
    change: AccountChange,
    now: number,
  ): Promise<{ account: Account; was: Account } | 'last_owner' | undefined>;
  /**
   * Removes an account and ends its sessions at once: the account as it was (for the audit
   * log). `last_owner` (nothing removed) when it is the last enabled owner; undefined when there
   * is no such account.
   */
  removeAccount(name: string, now: number): Promise<Account | 'last_owner' | undefined>;
  /** Enabled owner accounts. */
  countOwners(): Promise<number>;
  /**
   * Starts a session; one of an account (`as`: the account as its password was checked) only
   * while it is still that account, enabled, with that password: false when it was removed and
   * made again, disabled or given another password meanwhile (nothing written).
   */
  startDashboardSession(session: DashboardSession, as?: Account): Promise<boolean>;
  /**
   * The session, its `lastSeenAt` moved to `now`, while it is neither ended, past its
   * `expiresAt`, nor unused for `idleMs`; otherwise undefined (and nothing changes).
   */
  touchDashboardSession(
    tokenHash: string,
    now: number,
    idleMs: number,
  ): Promise<DashboardSession | undefined>;
  /** Ends a session; false when it was unknown or over already. */
  endDashboardSession(tokenHash: string, now: number): Promise<boolean>;
}

type AccountRow = Tables['accounts'];

function accountOf(row: AccountRow): Account {
  const account: Account = {
    name: row.name,
    passwordHash: row.password_hash,
    role: row.role,
    createdAt: Number(row.created_at),
  };
  if (row.disabled_at !== null) account.disabledAt = Number(row.disabled_at);
  return account;
}

/** Sessions over for a day are deleted, at most once an hour per process. */
const SESSION_SWEEP_MS = 60 * 60 * 1000;
const SESSION_KEPT_MS = 24 * 60 * 60 * 1000;

export function accounts(db: Kysely<Tables>, dialect: StoreDialect): AccountsPart {
  const sweepDue = periodicSweep(SESSION_SWEEP_MS);
  const enabledOwners = (trx: Kysely<Tables>) =>
    trx
      .selectFrom('accounts')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('role', '=', 'owner')
      .where('disabled_at', 'is', null)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.count));
  const accountNamed = async (trx: Kysely<Tables>, name: string) => {
    const row = await trx
      .selectFrom('accounts')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
    return row && accountOf(row);
  };
  /** Ends the account's open dashboard sessions. */
  const endSessions = (trx: Kysely<Tables>, name: string, now: number) =>
    trx
      .updateTable('dashboard_sessions')
      .set({ ended_at: now })
      .where('account', '=', name)
      .where('ended_at', 'is', null)
      .execute();
  return {
    createAccount: (account) =>
      db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('accounts')
          .values({
            name: account.name,
            password_hash: account.passwordHash,
            role: account.role,
            created_at: account.createdAt,
            disabled_at: account.disabledAt ?? null,
          })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .executeTakeFirst();
        if (inserted.numInsertedOrUpdatedRows === 0n) return 'name_taken';
        // A name made again is another person's: a session left of the account removed (a
        // sign-in whose row was written as it was being removed) must not sign in as them.
        await endSessions(trx, account.name, account.createdAt);
        return 'created';
      }),
    getAccount: (name) => accountNamed(db, name),
    async listAccounts() {
      const rows = await db.selectFrom('accounts').selectAll().orderBy('name').execute();
      return rows.map(accountOf);
    },
    async changeAccount(name, change, now) {
      return db.transaction().execute(async (trx) => {
        // One proxy at a time checks the last owner: two owners demoting each other at once
        // must not both pass.
        await dialect.lockForeignId(trx, 'accounts:owners');
        const before = await accountNamed(trx, name);
        if (!before) return undefined;
        const staysOwner =
          (change.role ?? before.role) === 'owner' &&
          (change.disabledAt === undefined
            ? before.disabledAt === undefined
            : change.disabledAt === null);
        if (before.role === 'owner' && before.disabledAt === undefined && !staysOwner) {
          if ((await enabledOwners(trx)) <= 1) return 'last_owner' as const;
        }
        const set: Partial<AccountRow> = {};
        if (change.role !== undefined) set.role = change.role;
        if (change.passwordHash !== undefined) set.password_hash = change.passwordHash;
        if (change.disabledAt !== undefined) set.disabled_at = change.disabledAt;
        if (Object.keys(set).length > 0) {
          await trx.updateTable('accounts').set(set).where('name', '=', name).execute();
        }
        // A changed password or a disabled account signs out everywhere, at once.
        if (change.passwordHash !== undefined || typeof change.disabledAt === 'number') {
          await endSessions(trx, name, now);
        }
        return { account: (await accountNamed(trx, name))!, was: before };
      });
    },
    async removeAccount(name, now) {
      return db.transaction().execute(async (trx) => {
        // The same lock as a change's: two owners removing each other at once must not both pass.
        await dialect.lockForeignId(trx, 'accounts:owners');
        const removed = await accountNamed(trx, name);
        if (!removed) return undefined;
        if (removed.role === 'owner' && removed.disabledAt === undefined) {
          if ((await enabledOwners(trx)) <= 1) return 'last_owner' as const;
        }
        await trx.deleteFrom('accounts').where('name', '=', name).execute();
        // Sessions name their account without a reference to it: ended here, not left to a
        // lookup that finds no account.
        await endSessions(trx, name, now);
        return removed;
      });
    },
    countOwners: () => enabledOwners(db),
    async startDashboardSession(session, as) {
      if (sweepDue(session.createdAt)) {
        await db
          .deleteFrom('dashboard_sessions')
          .where('expires_at', '<', session.createdAt - SESSION_KEPT_MS)
          .execute();
      }
      return db.transaction().execute(async (trx) => {
        if (as) {
          // The lock of a removal, a change of password and a disabling: the account read here
          // is the one the session begins for, until it is written.
          await dialect.lockForeignId(trx, 'accounts:owners');
          const current = await accountNamed(trx, session.account);
          const same =
            current !== undefined &&
            current.disabledAt === undefined &&
            current.createdAt === as.createdAt &&
            current.passwordHash === as.passwordHash;
          if (!same) return false;
        }
        await trx
          .insertInto('dashboard_sessions')
          .values({
            token_hash: session.tokenHash,
            account: session.account,
            created_at: session.createdAt,
            last_seen_at: session.lastSeenAt,
            expires_at: session.expiresAt,
          })
          .execute();
        return true;
      });
    },
    async touchDashboardSession(tokenHash, now, idleMs) {
      const row = await db
        .updateTable('dashboard_sessions')
        .set({ last_seen_at: now })
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', now - idleMs)
        .returning(['token_hash', 'account', 'created_at', 'last_seen_at', 'expires_at'])
        .executeTakeFirst();
      return (
        row && {
          tokenHash: row.token_hash,
          account: row.account,
          createdAt: Number(row.created_at),
          lastSeenAt: Number(row.last_seen_at),
          expiresAt: Number(row.expires_at),
        }
      );
    },
    async endDashboardSession(tokenHash, now) {
      const ended = await db
        .updateTable('dashboard_sessions')
        .set({ ended_at: now })
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return ended.numUpdatedRows > 0n;
    },
  };
}
