/**
 * The PostgreSQL store when the way to its database fails: readiness follows the listening
 * connection (lost and held from listening again: not ready; listening again: ready) and needs
 * no pooled connection (a pool taken by requests does not hold it), and a
 * close whose database went silent (its network vanished) ends within its deadline instead of
 * waiting for a goodbye that never comes.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startTcpRelay } from '@crypto-pay/test-kit/tcp-relay';
import pg from 'pg';
import { openPostgresStore } from './postgres.ts';
import type { StoreChangeListener } from './store.ts';
import { callback, checkout, usePostgres } from './stores.test-helpers.ts';
import { storeUnavailableReason } from './unavailable.ts';

/** A listener that resolves `listening()` at each resync (the feed listens, again). */
function resyncs() {
  let heard: () => void = () => {};
  let next = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const listener: StoreChangeListener = {
    checkout: () => {},
    outbox: () => {},
    resync: () => {
      heard();
      next = new Promise<void>((resolve) => {
        heard = resolve;
      });
    },
  };
  return { listener, listening: () => next };
}

/** `promise`, or a failure naming `what` should it not settle within `ms` (a hang, not a wait). */
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, hung]);
  } finally {
    clearTimeout(timer);
  }
}

describe('PostgreSQL store when the way to the database fails', () => {
  const cluster = usePostgres();
  let databases = 0;

  it('is not ready while it cannot listen to the others’ changes, and ready once it listens again', {
    timeout: 60_000,
  }, async () => {
    const url = await cluster().createDatabase(`reach_${++databases}`);
    let deaf: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      deaf = resolve;
    });
    let hear: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      hear = resolve;
    });
    const store = await openPostgresStore(url, {
      poolSize: 2,
      beforeRelisten: () => {
        deaf();
        return gate;
      },
    });
    try {
      const feed = resyncs();
      const first = feed.listening();
      store.subscribeChanges(feed.listener);
      await first;
      await store.ping();
      const again = feed.listening();
      // Its listening connection among them.
      assert.ok((await cluster().terminateConnections()) >= 1);
      await held;
      await assert.rejects(store.ping(), (error) => {
        assert.equal(storeUnavailableReason(error), 'postgres change feed not listening');
        return true;
      });
      hear();
      await again;
      await store.ping();
    } finally {
      hear();
      await store.close();
    }
  });

  it('probes readiness beside a pool that requests have taken', { timeout: 60_000 }, async () => {
    const url = await cluster().createDatabase(`reach_${++databases}`);
    const store = await openPostgresStore(url, { poolSize: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const feed = resyncs();
      const listening = feed.listening();
      store.subscribeChanges(feed.listener);
      await listening;
      const made = checkout();
      await store.insertCheckout(made, {});
      // Another session holds the row: the callback's transaction waits on the pool's only
      // connection, as requests queue on a busy proxy.
      await admin.query('BEGIN');
      await admin.query('SELECT 1 FROM checkouts WHERE id = $1 FOR UPDATE', [made.id]);
      const advanced = store.advanceCheckout(made.id, { status: 'paid', at: 2000 }, callback);
      // Through the pool it would wait behind the callback until the row is let go.
      await within(store.ping(), 10_000, 'the readiness probe');
      await admin.query('COMMIT');
      assert.equal((await advanced).checkout?.status, 'paid');
    } finally {
      await admin.end();
      await store.close();
    }
  });

  it('closes within its deadline when the database’s network went silent', {
    timeout: 60_000,
  }, async () => {
    const url = new URL(await cluster().createDatabase(`reach_${++databases}`));
    const relay = await startTcpRelay({ host: url.hostname, port: Number(url.port) });
    url.port = String(relay.port);
    const store = await openPostgresStore(url.href, {
      poolSize: 2,
      timeouts: { connectMs: 1000, statementMs: 1000 },
      closeTimeoutMs: 500,
    });
    try {
      const feed = resyncs();
      const listening = feed.listening();
      store.subscribeChanges(feed.listener);
      await listening;
      await store.insertCheckout(checkout(), {});
      await store.ping();
      relay.silence();
      // The listening connection sits idle, between notices: ending it waits for the server's
      // goodbye, forever without a deadline (a statement in flight would be cut at once).
      await within(store.close(), 10_000, 'close');
    } finally {
      await relay.close();
    }
  });
});
