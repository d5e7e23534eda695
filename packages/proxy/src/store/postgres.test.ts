/**
 * What only several proxies on one PostgreSQL database have: migrations that run once when they
 * start together, decisions two proxies race on taken once, events that page in commit order,
 * and a database that goes away and comes back.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { queryOnce } from '@crypto-pay/test-kit/postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { checkoutEvent, relayedEvent } from '../webhooks/events.ts';
import { postgresDialect } from './dialect.postgres.ts';
import { CLAIMS_PER_ENDPOINT } from './outbox.ts';
import { writeEvent } from './outbox-store.ts';
import { openPostgresStore } from './postgres.ts';
import { LATEST_VERSION } from './schema.ts';
import type { Store } from './store.ts';
import { callback, checkout, depositCallback, usePostgres } from './stores.test-helpers.ts';
import type { Tables } from './tables.ts';
import { storeUnavailableReason } from './unavailable.ts';

const PROXIES = 4;

describe('PostgreSQL store, several proxies on one database', () => {
  const cluster = usePostgres();
  let databases = 0;

  /** `count` stores on one new database, opened at once, as proxies starting together. */
  async function proxies(count = PROXIES): Promise<{ stores: Store[]; url: string }> {
    const url = await cluster().createDatabase(`shared_${++databases}`);
    const stores = await Promise.all(
      Array.from({ length: count }, () => openPostgresStore(url, { poolSize: 3 })),
    );
    return { stores, url };
  }
  const closeAll = (stores: Store[]) => Promise.all(stores.map((store) => store.close()));

  it('migrates once when several proxies start at once', async () => {
    const { stores, url } = await proxies();
    const { rows } = await queryOnce(url, 'SELECT version FROM schema_migrations ORDER BY version');
    // A new database starts at this history's baseline (9), then takes what follows it.
    assert.deepEqual(
      rows,
      Array.from({ length: LATEST_VERSION - 8 }, (_, index) => ({ version: 9 + index })),
    );
    await closeAll(stores);
  });

  it('spends a session token once across proxies', async () => {
    const { stores } = await proxies();
    await stores[0]!.createSession({
      tokenHash: 'race',
      amount: '10.00',
      currency: { iso: 'EUR' },
      expiresAt: 10_000,
      createdAt: 1_000,
    });
    const claims = await Promise.all(
      stores.flatMap((store) => [
        store.claimSession('race', 2_000),
        store.claimSession('race', 2_000),
      ]),
    );
    assert.equal(claims.filter(Boolean).length, 1);
    await closeAll(stores);
  });

  it('reserves an Idempotency-Key once across proxies', async () => {
    const { stores } = await proxies();
    const answers = await Promise.all(
      stores.map((store) => store.reserveIdempotencyKey('key-1', 'h1', 1_000)),
    );
    assert.deepEqual(answers.map((answer) => answer.kind).sort(), [
      'in_progress',
      'in_progress',
      'in_progress',
      'reserved',
    ]);
    await closeAll(stores);
  });

  it('takes one foreign_id for one open session when two proxies create at once', async () => {
    const { stores } = await proxies();
    const answers = await Promise.all(
      stores.map((store, index) =>
        store.createSession({
          tokenHash: `token-${index}`,
          amount: '10.00',
          currency: { iso: 'EUR' },
          foreignId: 'order-77',
          expiresAt: 10_000,
          createdAt: 1_000,
        }),
      ),
    );
    assert.equal(answers.filter((answer) => answer === 'created').length, 1);
    await closeAll(stores);
  });

  it('gives a session or a key held past the claim lease (a proxy died mid-create) to the retry', async () => {
    const url = await cluster().createDatabase(`shared_${++databases}`);
    const store = await openPostgresStore(url, { claimLeaseMs: 1_000 });
    await store.createSession({
      tokenHash: 'held',
      amount: '10.00',
      currency: { iso: 'EUR' },
      expiresAt: 100_000,
      createdAt: 1_000,
    });
    assert.ok(await store.claimSession('held', 2_000));
    assert.equal(await store.claimSession('held', 2_999), undefined, 'still held');
    assert.ok(await store.claimSession('held', 3_000), 'the lease ran out');
    await store.insertCheckout(checkout({ pricing: 'session' }), { sessionTokenHash: 'held' });
    assert.equal(await store.claimSession('held', 99_000), undefined, 'used for good');

    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 1_000), { kind: 'reserved' });
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 1_999), { kind: 'in_progress' });
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 2_000), { kind: 'reserved' });
    const made = checkout();
    await store.insertCheckout(made, { idempotencyKey: 'k' });
    assert.deepEqual(await store.reserveIdempotencyKey('k', 'h1', 9_000), {
      kind: 'replay',
      checkoutId: made.id,
    });
    await store.close();
  });

  it('keeps a final status final under concurrent callbacks, with one event', async () => {
    const { stores } = await proxies();
    await stores[0]!.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    const made = checkout();
    await stores[0]!.insertCheckout(made, {});
    const outcomes = await Promise.all(
      stores.map((store, index) =>
        store.advanceCheckout(
          made.id,
          { status: index % 2 ? 'paid' : 'failed', at: 2_000 },
          callback,
          checkoutEvent,
        ),
      ),
    );
    const applied = outcomes.flatMap(({ checkout }) => (checkout ? [checkout] : []));
    assert.equal(applied.length, 1);
    const stored = await stores[1]!.getCheckout(made.id);
    assert.equal(stored?.status, applied[0]!.status);
    assert.equal(stored?.version, 2);
    const events = await stores[2]!.listEvents({ limit: 10 });
    assert.deepEqual(
      events.map((event) => event.type),
      [`checkout.${applied[0]!.status}`],
    );
    const log = await stores[3]!.listCallbacks({ limit: 10 });
    // Two sent the status applied (one of them its duplicate), two the other final one: late.
    assert.deepEqual(log.map((entry) => entry.outcome).sort(), [
      'applied',
      'duplicate',
      'late',
      'late',
    ]);
    await closeAll(stores);
  });

  it('hands each due delivery to one proxy, never past an endpoint’s cap of claims (SKIP LOCKED)', async () => {
    const { stores } = await proxies();
    for (let i = 0; i < 10; i++) {
      await stores[0]!.createEndpoint(
        { id: `whe_${i}`, url: `http://127.0.0.1:9/${i}`, createdAt: i },
        `whsec_${i}`,
      );
    }
    for (let i = 0; i < 5; i++) {
      const made = checkout();
      await stores[i % PROXIES]!.insertCheckout(made, {}, checkoutEvent(made));
    }
    // Proxies claim at once, round after round, until none gets anything more.
    const ids: number[] = [];
    const perEndpoint = new Map<string, number>();
    for (;;) {
      const claims = (
        await Promise.all(stores.map((store) => store.claimDeliveries(5_000, 60_000, 8)))
      ).flat();
      if (claims.length === 0) break;
      for (const delivery of claims) {
        ids.push(delivery.id);
        perEndpoint.set(delivery.endpoint.id, (perEndpoint.get(delivery.endpoint.id) ?? 0) + 1);
      }
    }
    assert.equal(new Set(ids).size, ids.length);
    assert.deepEqual([...perEndpoint.values()], Array(10).fill(CLAIMS_PER_ENDPOINT));
    await closeAll(stores);
  });

  it('prunes with several proxies at once: each old row once, no proxy waiting on another', async () => {
    const { stores } = await proxies();
    await stores[0]!.setEnvEndpoint('http://127.0.0.1:9/hooks', 0);
    for (let i = 0; i < 40; i++) {
      const made = checkout({ createdAt: 1_000, updatedAt: 1_000 });
      await stores[i % PROXIES]!.insertCheckout(made, {}, checkoutEvent(made));
      await stores[i % PROXIES]!.recordCallback({ ...callback, receivedAt: 1_000 });
    }
    for (;;) {
      const claims = await stores[0]!.claimDeliveries(2_000, 60_000, 50);
      if (claims.length === 0) break;
      for (const claim of claims) {
        await stores[0]!.finishAttempt(claim, {
          attemptedAt: 2_000,
          durationMs: 1,
          delivered: true,
        });
      }
    }
    const totals = { callbacks: 0, deliveries: 0, attempts: 0, events: 0 };
    for (;;) {
      const passes = await Promise.all(stores.map((store) => store.pruneBefore(10_000, 7)));
      for (const pruned of passes) {
        for (const kind of Object.keys(totals) as (keyof typeof totals)[])
          totals[kind] += pruned[kind];
      }
      if (passes.every((pruned) => Object.values(pruned).every((count) => count === 0))) break;
    }
    assert.deepEqual(totals, { callbacks: 40, deliveries: 40, attempts: 40, events: 40 });
    assert.deepEqual(await stores[0]!.listEvents({ limit: 10 }), []);
    assert.equal((await stores[0]!.listCheckouts({ limit: 100 })).length, 40, 'checkouts stay');
    await closeAll(stores);
  });

  it('pages events in commit order: a later event waits for an earlier one still in flight', async () => {
    const { stores, url } = await proxies(1);
    const store = stores[0]!;
    const first = checkout();
    await store.insertCheckout(first, {});
    // A transaction that has written its event and not committed yet.
    const slowPool = new pg.Pool({ connectionString: url, max: 1 });
    const slowDb = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: slowPool }) });
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => {
      commit = resolve;
    });
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const slow = slowDb.transaction().execute(async (trx) => {
      await writeEvent(postgresDialect('slow'), trx, {
        type: 'checkout.early',
        createdAt: 1,
        data: {},
      });
      written();
      await committing;
    });
    await wrote;
    let laterCommitted = false;
    const later = store
      .recordCallback(callback, { type: 'checkout.late', createdAt: 2, data: {} })
      .then(() => {
        laterCommitted = true;
      });
    // The late one waits on the lock the early one holds until it commits.
    await eventually(
      async () =>
        (await queryOnce(url, "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"))
          .rows.length === 1,
      'the late event waiting for the early one',
    );
    // So a reader paging now sees neither, not the late one before the early one.
    assert.deepEqual(await store.listEvents({ limit: 10 }), []);
    assert.equal(laterCommitted, false);
    commit();
    await slow;
    await later;
    await slowDb.destroy();
    const events = await store.listEvents({ limit: 10 });
    assert.deepEqual(
      events.map((event) => event.type),
      ['checkout.early', 'checkout.late'],
    );
    assert.ok(events[0]!.id < events[1]!.id);
    assert.deepEqual(await store.listEvents({ after: events[0]!.id, limit: 10 }), [events[1]]);
    await closeAll(stores);
  });

  it('answers store_unavailable while the server is down, and recovers by itself', async () => {
    const { stores } = await proxies(1);
    const store = stores[0]!;
    const made = checkout();
    await store.insertCheckout(made, {});
    await store.ping();

    await cluster().stopServer();
    for (const attempt of [
      store.ping(),
      store.getCheckout(made.id),
      store.insertCheckout(checkout(), {}),
    ]) {
      await assert.rejects(attempt, (error) => {
        assert.match(storeUnavailableReason(error) ?? 'none', /^postgres /);
        return true;
      });
    }
    await cluster().startServer();
    await store.ping();
    assert.equal((await store.getCheckout(made.id))?.id, made.id);

    // Connections cut while the server stays up (a network failure): at most the requests on
    // them fail, as unavailable, and the pool opens new ones.
    await cluster().terminateConnections();
    await store.ping().catch((error) => assert.ok(storeUnavailableReason(error)));
    await store.ping();
    await closeAll(stores);
  });

  it('refuses to open on an unreachable database with store_unavailable', async () => {
    const url = await cluster().createDatabase('unreachable');
    const wrongPort = url.replace(/:(\d+)\//, (_, port) => `:${Number(port) === 1 ? 2 : 1}/`);
    await assert.rejects(openPostgresStore(wrongPort), (error) => {
      assert.equal(storeUnavailableReason(error), 'postgres ECONNREFUSED');
      return true;
    });
  });

  it('tells a bug or a constraint from an unavailable database', async () => {
    const { stores } = await proxies(1);
    const made = checkout();
    await stores[0]!.insertCheckout(made, {});
    await assert.rejects(stores[0]!.insertCheckout(made, {}), (error) => {
      assert.equal(storeUnavailableReason(error), undefined);
      return true;
    });
    await closeAll(stores);
  });

  it('makes no second event of a key a proxy of the older version wrote beside its event alone', async () => {
    // A rolling upgrade: the older proxies go on writing events, with their dedupe keys but not
    // into webhook_dedupe_keys, on the database a newer one migrated.
    const { stores, url } = await proxies(1);
    const entry = depositCallback('dep-1');
    const event = relayedEvent(entry);
    await queryOnce(
      url,
      `INSERT INTO webhook_events (seq, id, type, created_at, data, dedupe_key)
      SELECT seq, 'evt_' || lpad(seq::text, 12, '0') || 'older', $1, 10, '{}', $2
      FROM (SELECT nextval('webhook_events_seq') AS seq) next`,
      [event.type, event.dedupeKey],
    );
    await stores[0]!.recordCallback(entry, event);
    assert.deepEqual(
      (await stores[0]!.listEvents({ limit: 10 })).map((kept) => kept.createdAt),
      [10],
    );
    assert.equal((await stores[0]!.listCallbacks({ limit: 10 })).length, 1);
    await closeAll(stores);
  });

  it('forgets rate-limit buckets idle a minute', async () => {
    const { stores, url } = await proxies(1);
    const take = (key: string, now: number) =>
      stores[0]!.takeRateToken({ key, perMinute: 20, now });
    await take('idle', 1_000_000);
    await take('busy', 1_030_000);
    // The first take a minute after the last clean-up clears what is as good as full.
    await take('busy', 1_061_000);
    const { rows } = await queryOnce(url, 'SELECT key FROM rate_buckets ORDER BY key');
    assert.deepEqual(rows, [{ key: 'busy' }]);
    await closeAll(stores);
  });
});
