/**
 * Databases of the old per-database histories (SQLite's last, 8; PostgreSQL's last, 6), built
 * from their frozen lists and filled with a row in every table, opened by this release's store:
 * every row is found intact and every behaviour works on them. A database a newer release
 * migrated is refused, untouched.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { queryOnce } from '@crypto-pay/test-kit/postgres';
import Database from 'better-sqlite3';
import { POSTGRES_HISTORY } from './legacy/postgres-history.ts';
import { SQLITE_HISTORY } from './legacy/sqlite-history.ts';
import { openPostgresStore } from './postgres.ts';
import { LATEST_VERSION } from './schema.ts';
import { openSqliteStore } from './sqlite.ts';
import type { CheckoutRecord, Store } from './store.ts';
import { usePostgres } from './stores.test-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-upgrade-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const NOW = Date.now();
const DAY = 24 * 60 * 60 * 1000;

/** One old database: a script run on it, and the store of this release opened on it. */
interface OldDatabase {
  dialect: 'sqlite' | 'postgres';
  run(sql: string): Promise<void>;
  open(): Promise<Store>;
}

/** The old history's schema, version by version, recorded as the old migrators recorded it. */
async function buildOld(database: OldDatabase): Promise<void> {
  const history = database.dialect === 'sqlite' ? SQLITE_HISTORY : POSTGRES_HISTORY;
  const ms = database.dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  await database.run(
    `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at ${ms} NOT NULL)`,
  );
  for (const [index, script] of history.entries()) {
    await database.run(script);
    await database.run(`INSERT INTO schema_migrations VALUES (${index + 1}, 0)`);
  }
}

/** The checkout with every optional field, as the old store wrote it. */
const full: CheckoutRecord = {
  id: 'checkout-full',
  status: 'processing',
  paymentLink: 'https://pay.example/full',
  expiresAt: 1_900_000_000,
  amount: '12.50',
  currency: { iso: 'USDT', network_name: 'tron' },
  paymentCurrency: { iso: 'BTC', network_name: 'bitcoin' },
  successUrl: 'https://shop.example/ok',
  failedUrl: 'https://shop.example/ko',
  paymentRequestId: 'pr-full',
  foreignId: 'cp_full',
  pricing: 'product',
  product: 'kettle',
  statusDetail: 'underpaid',
  refundInstructions: 'email',
  createdAt: NOW - 2 * DAY,
  updatedAt: NOW - DAY,
  version: 3,
};

/** A row in every table the old schema has, written as its store wrote them. */
async function fillOld(database: OldDatabase): Promise<void> {
  const old = NOW - 40 * DAY;
  const claimed =
    database.dialect === 'sqlite' ? ['claimed', '1'] : ['claimed_until', String(NOW + DAY)];
  const script = [
    `INSERT INTO checkouts (id, status, payment_link, expires_at, amount, currency_iso,
      currency_network, payment_currency_iso, payment_currency_network, success_url, failed_url,
      payment_request_id, foreign_id, pricing, product, status_detail, refund_instructions,
      created_at, updated_at, version) VALUES ('checkout-full', 'processing',
      'https://pay.example/full', 1900000000, '12.50', 'USDT', 'tron', 'BTC', 'bitcoin',
      'https://shop.example/ok', 'https://shop.example/ko', 'pr-full', 'cp_full', 'product',
      'kettle', 'underpaid', 'email', ${full.createdAt}, ${full.updatedAt}, 3)`,
    `INSERT INTO checkouts (id, status, payment_link, expires_at, amount, currency_iso,
      payment_request_id, foreign_id, pricing, created_at, updated_at, version) VALUES
      ('checkout-bare', 'created', 'https://pay.example/bare', 1900000000, '5.00', 'EUR',
      'pr-bare', 'cp_bare', 'session', ${NOW}, ${NOW}, 1)`,
    `INSERT INTO checkout_sessions (token_hash, amount, currency_iso, currency_network,
      foreign_id, end_user_reference, description, url_store, url_success, url_failed,
      expires_at, created_at) VALUES ('open', '7.00', 'USDT', 'tron', 'order-7', 'ref-7',
      'A kettle', 'https://shop.example', 'https://shop.example/ok', 'https://shop.example/ko',
      ${NOW + DAY}, ${NOW})`,
    `INSERT INTO checkout_sessions (token_hash, amount, currency_iso, expires_at, created_at,
      ${claimed[0]}) VALUES ('claimed', '8.00', 'EUR', ${NOW + DAY}, ${NOW}, ${claimed[1]})`,
    `INSERT INTO checkout_sessions (token_hash, amount, currency_iso, expires_at, created_at,
      checkout_id) VALUES ('used', '5.00', 'EUR', ${NOW + DAY}, ${NOW}, 'checkout-bare')`,
    `INSERT INTO idempotency_keys (key, request_hash, checkout_id, created_at)
      VALUES ('key-done', 'hash-1', 'checkout-full', ${NOW})`,
    `INSERT INTO callbacks (received_at, type, object_id, foreign_id, status, outcome, body)
      VALUES (${old}, 'payment_request', 'pr-full', 'cp_full', 'paid', 'applied', '{"id":"pr-full"}')`,
    `INSERT INTO store_probe (id, checked_at) VALUES (1, ${NOW})`,
    `INSERT INTO webhook_endpoints (id, url, created_at) VALUES ('env', 'https://hooks.example/env', ${old})`,
    `INSERT INTO webhook_endpoints (id, url, secret, previous_secret, previous_secret_until,
      event_types, created_at, failing_since) VALUES ('we_1', 'https://hooks.example/1',
      'whsec_new', 'whsec_old', ${NOW + DAY}, '["checkout.paid"]', ${old}, ${NOW - DAY})`,
    ...(database.dialect === 'sqlite'
      ? [
          `INSERT INTO webhook_events (seq, id, type, created_at, data, dedupe_key) VALUES
            (1, 'evt_000000000001oldoldol', 'checkout.paid', ${old}, '{"id":"checkout-full"}', 'paid:pr-full'),
            (2, 'evt_000000000002oldoldol', 'checkout.paid', ${NOW}, '{"id":"checkout-bare"}', NULL)`,
        ]
      : [
          `INSERT INTO webhook_events (seq, id, type, created_at, data, dedupe_key) VALUES
            (nextval('webhook_events_seq'), 'evt_000000000001oldoldol', 'checkout.paid', ${old}, '{"id":"checkout-full"}', 'paid:pr-full'),
            (nextval('webhook_events_seq'), 'evt_000000000002oldoldol', 'checkout.paid', ${NOW}, '{"id":"checkout-bare"}', NULL)`,
          `INSERT INTO rate_buckets (key, tokens, taken, updated_at) VALUES ('10.0.0.1', 3, true, ${NOW})`,
        ]),
    `INSERT INTO webhook_dedupe_keys (dedupe_key, created_at) VALUES ('paid:pr-full', ${old})`,
    // Ids 1 and 2, as the old stores numbered them.
    `INSERT INTO webhook_deliveries (event_seq, endpoint_id, state, attempt, next_attempt_at,
      claimed_until, created_at) VALUES (1, 'env', 'delivered', 1, ${old}, NULL, ${old}),
      (2, 'we_1', 'pending', 1, ${NOW - 1000}, NULL, ${NOW})`,
    `INSERT INTO webhook_attempts (delivery_id, attempt, attempted_at, status_code, duration_ms,
      error, response_excerpt) VALUES (1, 1, ${old}, 200, 12, NULL, 'ok'),
      (2, 1, ${NOW - 2000}, 503, 40, 'HTTP 503', 'busy')`,
  ];
  for (const statement of script) await database.run(statement);
}

/** Every row found as it was, and every behaviour of the store working on them. */
async function checkUpgraded(database: OldDatabase): Promise<void> {
  const store = await database.open();
  try {
    assert.deepEqual(await store.getCheckout('checkout-full'), full);
    assert.deepEqual(
      (await store.listCheckouts({ limit: 10 })).map((checkout) => checkout.id),
      ['checkout-bare', 'checkout-full'],
    );
    // The back office's indexes hold the amounts and the events there, nothing to fill in.
    const byAmount = async (amountMin: string, amountMax: string) =>
      (await store.listCheckouts({ amountMin, amountMax, limit: 10 })).map((found) => found.id);
    assert.deepEqual(await byAmount('12.5', '12.500'), ['checkout-full']);
    assert.deepEqual(await byAmount('0', '5'), ['checkout-bare']);
    const history = await store.checkoutHistory(full);
    assert.deepEqual(
      history.events.map((event) => event.id),
      ['evt_000000000001oldoldol'],
    );
    assert.deepEqual(
      history.callbacks.map((entry) => entry.status),
      ['paid'],
    );
    assert.deepEqual(await store.openSession('open', NOW), {
      tokenHash: 'open',
      amount: '7.00',
      currency: { iso: 'USDT', network_name: 'tron' },
      foreignId: 'order-7',
      endUserReference: 'ref-7',
      description: 'A kettle',
      urlStore: 'https://shop.example',
      urlSuccess: 'https://shop.example/ok',
      urlFailed: 'https://shop.example/ko',
      expiresAt: NOW + DAY,
      createdAt: NOW,
    });
    assert.equal(await store.openSession('used', NOW), undefined);
    // SQLite's claim flag became a lease, given back at open (its process is gone); a
    // PostgreSQL lease in force still holds against the others.
    const claim = await store.claimSession('claimed', NOW);
    if (database.dialect === 'sqlite') assert.equal(claim?.amount, '8.00');
    else assert.equal(claim, undefined);
    assert.equal((await store.claimSession('open', NOW))?.foreignId, 'order-7');
    assert.equal(await store.claimSession('open', NOW), undefined, 'a lease now on both');
    assert.deepEqual(await store.reserveIdempotencyKey('key-done', 'hash-1', NOW), {
      kind: 'replay',
      checkoutId: 'checkout-full',
    });
    const [logged] = await store.listCallbacks({ limit: 10 });
    assert.deepEqual(logged?.body, { id: 'pr-full' });
    assert.equal(logged?.status, 'paid');

    // The outbox: events, endpoints with their secrets, the pending delivery, the attempts.
    const events = await store.listEvents({ limit: 10 });
    assert.deepEqual(
      events.map((event) => [event.id, event.data]),
      [
        ['evt_000000000001oldoldol', { id: 'checkout-full' }],
        ['evt_000000000002oldoldol', { id: 'checkout-bare' }],
      ],
    );
    assert.deepEqual(
      (await store.listEndpoints()).map((endpoint) => [endpoint.id, endpoint.eventTypes]),
      [
        ['env', undefined],
        ['we_1', ['checkout.paid']],
      ],
    );
    const [delivery, ...none] = await store.claimDeliveries(NOW, 60_000, 10);
    assert.equal(none.length, 0);
    assert.equal(delivery?.attempt, 2);
    assert.equal(delivery?.event.id, 'evt_000000000002oldoldol');
    assert.equal(delivery?.endpoint.secret, 'whsec_new');
    assert.equal(delivery?.endpoint.previousSecret, 'whsec_old');
    await store.finishAttempt(delivery!, {
      attemptedAt: NOW,
      durationMs: 5,
      statusCode: 200,
      delivered: true,
    });
    assert.deepEqual(
      (await store.listAttempts({ endpointId: 'we_1', limit: 10 })).map((a) => a.statusCode),
      [200, 503],
    );
    // The new attempt keeps the URL it went to; the old one, logged with none, shows the
    // endpoint's URL now.
    await store.changeEndpoint('we_1', { url: 'https://hooks.example/moved' }, NOW);
    assert.deepEqual(
      (await store.listAttempts({ endpointId: 'we_1', limit: 10 })).map((a) => a.endpointUrl),
      ['https://hooks.example/1', 'https://hooks.example/moved'],
    );
    await store.changeEndpoint('we_1', { url: 'https://hooks.example/1' }, NOW);

    // A repeat of the old event's callback makes none; a new change makes one, numbered after.
    await store.recordCallback(
      { receivedAt: NOW, type: 'payment_request', outcome: 'recorded', body: {} },
      { type: 'checkout.paid', createdAt: NOW, data: {}, dedupeKey: 'paid:pr-full' },
    );
    const { checkout: paid } = await store.advanceCheckout(
      'checkout-full',
      { status: 'paid', at: NOW },
      { receivedAt: NOW, type: 'payment_request', body: {} },
      (checkout) => ({ type: 'checkout.paid', createdAt: NOW, data: { id: checkout.id } }),
    );
    assert.equal(paid?.version, 4);
    assert.equal(paid?.statusDetail, 'underpaid');
    const after = await store.listEvents({ after: 'evt_000000000002oldoldol', limit: 10 });
    assert.deepEqual(
      after.map((event) => event.data),
      [{ id: 'checkout-full' }],
    );

    // Pruning takes the old callback, the settled delivery, its attempt and its event.
    assert.deepEqual(await store.pruneBefore(NOW - 30 * DAY, 100), {
      callbacks: 1,
      deliveries: 1,
      attempts: 1,
      events: 1,
      failedSignIns: 0,
    });
    assert.equal(await store.takeRateToken({ key: '10.0.0.1', perMinute: 20, now: NOW }), 0);
    await store.ping();
  } finally {
    await store.close();
  }
}

/** Refused with the version named, and the database left as it was. */
async function checkRefusesNewer(
  database: OldDatabase,
  versions: () => Promise<number[]>,
): Promise<void> {
  await database.run(
    `INSERT INTO schema_migrations (version, applied_at) VALUES (${LATEST_VERSION + 1}, 0)`,
  );
  const before = await versions();
  await assert.rejects(database.open(), (error: Error) => {
    assert.match(error.message, new RegExp(`version ${LATEST_VERSION + 1}, newer than`));
    return true;
  });
  assert.deepEqual(await versions(), before);
}

describe('Upgrading a database of the old SQLite history (version 8)', () => {
  const sqliteDatabase = (name: string): OldDatabase => {
    const file = join(dir, `${name}.db`);
    return {
      dialect: 'sqlite',
      async run(sql) {
        const raw = new Database(file);
        raw.exec(sql);
        raw.close();
      },
      async open() {
        return openSqliteStore(file);
      },
    };
  };

  it('keeps every row and every behaviour', async () => {
    const database = sqliteDatabase('v8');
    await buildOld(database);
    await fillOld(database);
    await checkUpgraded(database);
  });

  it('refuses a database a newer release migrated, and leaves it as it was', async () => {
    const database = sqliteDatabase('newer');
    await buildOld(database);
    await database.open().then((store) => store.close());
    await checkRefusesNewer(database, async () => {
      const raw = new Database(join(dir, 'newer.db'), { readonly: true });
      const rows = raw.prepare('SELECT version FROM schema_migrations').all() as {
        version: number;
      }[];
      raw.close();
      return rows.map((row) => row.version);
    });
  });
});

describe('Upgrading a database of the old PostgreSQL history (version 6)', () => {
  const cluster = usePostgres();
  let databases = 0;
  const postgresDatabase = async (): Promise<OldDatabase & { url: string }> => {
    const url = await cluster().createDatabase(`old_${++databases}`);
    return {
      dialect: 'postgres',
      url,
      async run(sql) {
        await queryOnce(url, sql);
      },
      open: () => openPostgresStore(url),
    };
  };

  it('keeps every row and every behaviour', async () => {
    const database = await postgresDatabase();
    await buildOld(database);
    await fillOld(database);
    await checkUpgraded(database);
  });

  it('refuses a database a newer release migrated, and leaves it as it was', async () => {
    const database = await postgresDatabase();
    await buildOld(database);
    await database.open().then((store) => store.close());
    await checkRefusesNewer(database, async () =>
      (
        await queryOnce<{ version: number }>(
          database.url,
          'SELECT version FROM schema_migrations ORDER BY version',
        )
      ).rows.map((row) => row.version),
    );
  });
});
