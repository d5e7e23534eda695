/**
 * Runs a store suite against every store: SQLite in memory, and PostgreSQL on a throwaway
 * cluster (@crypto-pay/test-kit/postgres) started once per test file, with a fresh database for each
 * store a test opens. So every assertion of the suite holds for both.
 */

import { after, before, describe } from 'node:test';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { relayedEvent } from '../webhooks/events.ts';
import { openPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';
import type { CallbackEntry, CheckoutRecord, CheckoutSession, Store } from './store.ts';

/** Opens a new, empty store of the kind the suite runs on (with a create's lease, if given). */
export type OpenStore = (options?: { claimLeaseMs?: number }) => Promise<Store>;

/** The suite twice: `<title> on SQLite` and `<title> on PostgreSQL`. */
export function describeStores(title: string, suite: (open: OpenStore) => void): void {
  describe(`${title} on SQLite`, () =>
    suite(async (options) => openSqliteStore(':memory:', options)));
  describe(`${title} on PostgreSQL`, () => {
    const cluster = usePostgres();
    let databases = 0;
    suite(async (options) =>
      openPostgresStore(await cluster().createDatabase(`store_${++databases}`), options),
    );
  });
}

/**
 * Starts a cluster (with more `postgresql.conf` `settings`, if given) before the tests of the
 * enclosing suite and stops it after them.
 */
export function usePostgres(settings: Record<string, string> = {}): () => PostgresCluster {
  let cluster: PostgresCluster | undefined;
  before(async () => {
    cluster = await startPostgres({ database: 'crypto_pay', settings });
  });
  after(async () => {
    await cluster?.stop();
  });
  return () => {
    if (!cluster) throw new Error('The PostgreSQL cluster is not started yet.');
    return cluster;
  };
}

let counter = 0;
/** A new checkout, unique in ids and times, with `overrides`. */
export function checkout(overrides: Partial<CheckoutRecord> = {}): CheckoutRecord {
  counter++;
  return {
    id: `checkout-id-${String(counter).padStart(10, '0')}`,
    status: 'created',
    paymentLink: `https://pay.example/${counter}`,
    expiresAt: 1_900_000_000,
    amount: '25.00',
    currency: { iso: 'EUR' },
    paymentRequestId: `pr-${counter}`,
    foreignId: `cp_${counter}`,
    pricing: 'product',
    product: 'kettle',
    createdAt: 1000 + counter,
    updatedAt: 1000 + counter,
    version: 1,
    ...overrides,
  };
}

/** A checkout session for 42.00 EUR, its order `order-<n>` where its hash is `hash-<n>`. */
export function session(
  tokenHash: string,
  overrides: Partial<CheckoutSession> = {},
): CheckoutSession {
  return {
    tokenHash,
    amount: '42.00',
    currency: { iso: 'EUR' },
    foreignId: tokenHash.replace('hash-', 'order-'),
    expiresAt: 10_000,
    createdAt: 1_000,
    ...overrides,
  };
}

/** A deposit's callback the proxy recorded, at `status`, as its repeats arrive too. */
export function depositCallback(objectId: string, status = 'Completed'): CallbackEntry {
  return { receivedAt: 20, type: 'deposit', objectId, status, outcome: 'recorded', body: {} };
}

/**
 * A deposit's callback recorded with its event (`deposit.received`), as the callbacks route
 * records it: one webhook for a worker to send.
 */
export async function recordDeposit(store: Store, receivedAt = Date.now(), id = 1): Promise<void> {
  const entry: CallbackEntry = { receivedAt, type: 'deposit', outcome: 'recorded', body: { id } };
  await store.recordCallback(entry, relayedEvent(entry));
}

/**
 * A payment-request callback the proxy recorded, for the tests its time and body do not matter
 * to (it goes with any status change).
 */
export const callback: CallbackEntry = {
  receivedAt: 5000,
  type: 'payment_request',
  outcome: 'applied',
  body: { status: 'paid' },
};
