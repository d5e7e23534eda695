/**
 * Checkout sessions and Idempotency-Keys, the two things a create claims before it runs, on
 * either database: a session saved once per open foreign_id, shown, claimed, given back or
 * ended; a key reserved, replayed or released. A claim is a lease on both, so a proxy that dies
 * mid-create gives it up by time (SQLite also gives every claim back at open: `sqlite.ts`).
 */

import type { Kysely, Selectable } from 'kysely';
import { compiledQuery } from './compiled.ts';
import type { StoreDialect } from './dialect.ts';
import { periodicSweep } from './rate-buckets.ts';
import { sessionOf, sessionRowOf } from './rows.ts';
import { type CreateClaimsPart, IDEMPOTENCY_TTL_MS } from './store.ts';
import type { CheckoutSessionsTable, Tables } from './tables.ts';

/** How long a create may hold a session or an Idempotency-Key unless the caller says. */
export const DEFAULT_CLAIM_LEASE_MS = 5 * 60 * 1000;

/**
 * The Idempotency-Keys and sessions a SQLite store's creates hold: a key's request hash and when
 * each was claimed. One process owns the file and every claim is given back at open, so a claim
 * never had to outlive the process; kept here, it costs no commit (an fsync with `synchronous =
 * FULL`), and the key and the session's use reach the file once, with the checkout, in the
 * create's one commit (`checkouts.ts`). On PostgreSQL a claim is a row, committed before the
 * service is called: another proxy must see it, and must still see it should the database
 * restart meanwhile.
 */
export interface HeldClaims {
  keys: Map<string, { requestHash: string; at: number }>;
  /** By the session's token hash. */
  sessions: Map<string, { at: number }>;
}

/**
 * Whether `claim` is the one made at `claimedAt` (any claim, when not said): only its owner gives
 * it back or completes it, never a create whose claim was taken over after its lease
 * (`CreateLinks`).
 */
export const owns = (claim: { at: number } | undefined, claimedAt: number | undefined) =>
  claim !== undefined && (claimedAt === undefined || claim.at === claimedAt);

/**
 * The sessions and keys part of the store; `lease` is how long a create may hold either (ms);
 * `held` where claims are made in memory (SQLite), undefined where in the database.
 */
export function createClaims(
  db: Kysely<Tables>,
  dialect: StoreDialect,
  lease: number,
  held: HeldClaims | undefined,
): CreateClaimsPart {
  // A claim in memory still in force at `now` (one older is its stuck create's: taken over).
  const holds = (claim: { at: number } | undefined, now: number) =>
    claim !== undefined && claim.at > now - lease;
  const purgeDue = periodicSweep(60_000);
  // A create's statements, compiled once (`compiled.ts`); the reservation is kept parsed on
  // PostgreSQL (`prepared-statements.ts`). ON CONFLICT waits for a concurrent
  // insert of the key to commit: one proxy reserves it, or takes over one whose create outlived
  // the lease (its proxy died) or its day (not yet purged).
  const reserveKey = compiledQuery<{
    key: string;
    requestHash: string;
    now: number;
    leaseEnded: number;
    dayEnded: number;
  }>(
    (db, param) =>
      db
        .insertInto('idempotency_keys')
        .values({ key: param('key'), request_hash: param('requestHash'), created_at: param('now') })
        .onConflict((conflict) =>
          conflict
            .column('key')
            .doUpdateSet((eb) => ({
              request_hash: eb.ref('excluded.request_hash'),
              created_at: eb.ref('excluded.created_at'),
            }))
            .where((eb) =>
              eb.or([
                eb.and([
                  eb('idempotency_keys.checkout_id', 'is', null),
                  eb('idempotency_keys.created_at', '<=', param('leaseEnded')),
                ]),
                eb('idempotency_keys.created_at', '<', param('dayEnded')),
              ]),
            ),
        ),
    { prepared: true },
  );
  const selectKey = compiledQuery<
    { key: string },
    { request_hash: string; checkout_id: string | null; created_at: number }
  >((db, param) =>
    db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'checkout_id', 'created_at'])
      .where('key', '=', param('key')),
  );
  const selectSession = compiledQuery<
    { tokenHash: string; now: number },
    Selectable<CheckoutSessionsTable>
  >((db, param) =>
    db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('token_hash', '=', param('tokenHash'))
      .where('checkout_id', 'is', null)
      .where('expires_at', '>', param('now')),
  );
  return {
    async createSession(session) {
      return db.transaction().execute(async (trx) => {
        if (session.foreignId !== undefined) {
          // Two proxies creating sessions for one foreign_id at once check it one at a time.
          await dialect.lockForeignId(trx, session.foreignId);
          const taken = await trx
            .selectFrom('checkouts')
            .select('id')
            .where('foreign_id', '=', session.foreignId)
            .unionAll(
              trx
                .selectFrom('checkout_sessions')
                .select('token_hash as id')
                .where('foreign_id', '=', session.foreignId)
                .where('checkout_id', 'is', null)
                .where('expires_at', '>', session.createdAt),
            )
            .limit(1)
            .executeTakeFirst();
          if (taken) return 'foreign_id_taken' as const;
        }
        await trx.insertInto('checkout_sessions').values(sessionRowOf(session)).execute();
        return 'created' as const;
      });
    },
    async openSession(tokenHash, now) {
      const [row] = (await selectSession(db, { tokenHash, now })).rows;
      return row && sessionOf(row);
    },
    async claimSession(tokenHash, now) {
      if (held) {
        // Checked before the read too: a holder that commits while it runs has used the session.
        if (holds(held.sessions.get(tokenHash), now)) return undefined;
        const [row] = (await selectSession(db, { tokenHash, now })).rows;
        if (!row || holds(held.sessions.get(tokenHash), now)) return undefined;
        held.sessions.set(tokenHash, { at: now });
        return sessionOf(row);
      }
      // One conditional UPDATE: of several proxies claiming at once, one gets the row.
      const row = await db
        .updateTable('checkout_sessions')
        .set({ claimed_until: now + lease })
        .where('token_hash', '=', tokenHash)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .where('checkout_id', 'is', null)
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      return row && sessionOf(row);
    },
    async releaseSession(tokenHash, claimedAt) {
      if (held) {
        if (owns(held.sessions.get(tokenHash), claimedAt)) held.sessions.delete(tokenHash);
        return;
      }
      // The row's claim is its lease's end: the owner's, if it ends a lease after its claim.
      await db
        .updateTable('checkout_sessions')
        .set({ claimed_until: null })
        .where('token_hash', '=', tokenHash)
        .where('checkout_id', 'is', null)
        .$if(claimedAt !== undefined, (query) =>
          query.where('claimed_until', '=', claimedAt! + lease),
        )
        .execute();
    },
    async endSession(tokenHash, now) {
      held?.sessions.delete(tokenHash);
      await db
        .updateTable('checkout_sessions')
        .set((eb) => ({
          claimed_until: null,
          expires_at: eb
            .case()
            .when('expires_at', '>', now)
            .then(eb.val(now))
            .else(eb.ref('expires_at'))
            .end(),
        }))
        .where('token_hash', '=', tokenHash)
        .where('checkout_id', 'is', null)
        .execute();
    },
    async reserveIdempotencyKey(key, requestHash, now) {
      // Keys past their day are deleted once a minute, not at every create (on SQLite that
      // delete was a commit of its own: an fsync more per create). One past its day and not yet
      // deleted is taken over below as one left by a dead create is.
      if (purgeDue(now)) {
        await db
          .deleteFrom('idempotency_keys')
          .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
          .execute();
      }
      if (held) {
        // A held key is answered before any read: a holder committing while a read ran would
        // delete its claim, and the read, having missed its row, would reserve the key again.
        // Checked after the read as well, for a claim made while it ran.
        const holding = () => {
          const claim = held.keys.get(key);
          if (!holds(claim, now)) return undefined;
          return claim!.requestHash === requestHash
            ? ({ kind: 'in_progress' } as const)
            : ({ kind: 'conflict' } as const);
        };
        const before = holding();
        if (before) return before;
        const [row] = (await selectKey(db, { key })).rows;
        // From here to the claim nothing awaits: of two creates with one key, one holds it.
        if (row?.checkout_id && row.created_at >= now - IDEMPOTENCY_TTL_MS) {
          return row.request_hash === requestHash
            ? { kind: 'replay', checkoutId: row.checkout_id }
            : { kind: 'conflict' };
        }
        const after = holding();
        if (after) return after;
        held.keys.set(key, { requestHash, at: now });
        return { kind: 'reserved' };
      }
      // A key released or purged between the insert and the read is tried again.
      for (;;) {
        const inserted = await reserveKey(db, {
          key,
          requestHash,
          now,
          leaseEnded: now - lease,
          dayEnded: now - IDEMPOTENCY_TTL_MS,
        });
        if (inserted.numAffectedRows === 1n) return { kind: 'reserved' };
        const [row] = (await selectKey(db, { key })).rows;
        if (!row) continue;
        if (row.request_hash !== requestHash) return { kind: 'conflict' };
        return row.checkout_id === null
          ? { kind: 'in_progress' }
          : { kind: 'replay', checkoutId: row.checkout_id };
      }
    },
    async releaseIdempotencyKey(key, claimedAt) {
      if (held) {
        if (owns(held.keys.get(key), claimedAt)) held.keys.delete(key);
        return;
      }
      // The row's claim is its time: the owner's, if it is the time of its claim.
      await db
        .deleteFrom('idempotency_keys')
        .where('key', '=', key)
        .where('checkout_id', 'is', null)
        .$if(claimedAt !== undefined, (query) => query.where('created_at', '=', claimedAt!))
        .execute();
    },
  };
}
