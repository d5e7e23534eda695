/**
 * News of committed changes between the proxies on one PostgreSQL database. A transaction that
 * moves a checkout or writes to the outbox sends a NOTIFY, which the server delivers only once
 * it commits (never if it rolls back); each proxy LISTENs on one dedicated connection, outside
 * the pool, and tells its listeners. A checkout's notice carries what streams tell of it, so the
 * other proxies need not read it again (when it fits the server's payload limit). What is sent
 * while that connection is down is lost for it: the listeners are told when it is lost (`lost`)
 * and, once it is back, to read again (`resync`). A store skips its own notices: whoever made
 * the change there has already published it.
 */

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { DatabaseTimeouts } from './database-timeouts.ts';
import {
  connectionConfig,
  type Queryable,
  readTimeoutOf,
  type ServerSockets,
  storeError,
  timedQueries,
} from './postgres-connection.ts';
import { type StoreChangeListener, type StreamedCheckout, streamedCheckout } from './store.ts';
import { StoreUnavailableError } from './unavailable.ts';

/**
 * Payload `<origin> <checkout id> <version>[ <JSON>]`: a checkout committed at that version,
 * and what streams tell of it (`StreamedCheckout`) when that fits.
 */
export const CHECKOUT_CHANNEL = 'crypto_pay_checkout';
/** Payload `<origin>`: events or deliveries written, or a claim given back. */
export const OUTBOX_CHANNEL = 'crypto_pay_outbox';

/** What `pg_stat_activity` calls the listening connection (an operator's, or a test's, handle). */
export const LISTEN_APPLICATION_NAME = 'crypto-pay-proxy listen';

export interface Notice {
  channel: string;
  payload: string;
}

/**
 * PostgreSQL refuses a NOTIFY payload of this many bytes or more (its default build): a checkout
 * too big for it (long return addresses) goes without, and the listeners read it instead.
 */
export const PAYLOAD_LIMIT_BYTES = 8000;

/** `checkout` committed by the store `origin`. Origins and ids are base64url: no spaces. */
export function checkoutNotice(origin: string, checkout: StreamedCheckout): Notice {
  const head = `${origin} ${checkout.id} ${checkout.version}`;
  const payload = `${head} ${JSON.stringify(streamedCheckout(checkout))}`;
  return {
    channel: CHECKOUT_CHANNEL,
    payload: Buffer.byteLength(payload) < PAYLOAD_LIMIT_BYTES ? payload : head,
  };
}

const CHECKOUT_PAYLOAD = /^(\S+) (\S+) (\d+)(?: (.+))?$/s;

/** The checkout a notice carries, if it carries one that is the one it names. */
function carried(json: string | undefined, id: string, version: number) {
  if (json === undefined) return undefined;
  try {
    const checkout = JSON.parse(json) as StreamedCheckout;
    return checkout.id === id && checkout.version === version ? checkout : undefined;
  } catch {
    // Not ours to judge: the listener reads the checkout from the store instead.
    return undefined;
  }
}

export const outboxNotice = (origin: string): Notice => ({
  channel: OUTBOX_CHANNEL,
  payload: origin,
});

/** How often the listening connection is asked for a sign of life (a silent partition). */
const HEARTBEAT_MS = 15_000;
/** Waits between attempts to listen again: doubled from the first to the last. */
const RETRY_MS = { first: 100, max: 5000 };

export interface ChangeFeedOptions {
  timeouts: DatabaseTimeouts;
  sockets: ServerSockets;
  /**
   * Awaited before each attempt to listen again after the connection was lost (tests: hold the
   * proxy deaf while another one commits).
   */
  beforeRelisten?: () => Promise<void>;
}

export interface ChangeFeed {
  /** This store's name in its notices. */
  origin: string;
  subscribe(listener: StoreChangeListener): () => void;
  /** Whether anyone subscribed: the feed runs (and listens, or tries to) from then on. */
  started(): boolean;
  /**
   * Runs one statement on the listening connection (readiness: no pooled connection needed, so
   * requests queued for the pool cannot hold it). Throws `StoreUnavailableError` while not
   * listening: a proxy deaf to the others' changes would leave its streams stale.
   */
  probe(text: string, values: unknown[]): Promise<void>;
  close(): Promise<void>;
}

/** The feed of the database at `url`; it connects at the first subscription. */
export function changeFeed(url: string, options: ChangeFeedOptions): ChangeFeed {
  const origin = randomBytes(9).toString('base64url');
  const listeners = new Set<StoreChangeListener>();
  const config = connectionConfig(url, options.timeouts, LISTEN_APPLICATION_NAME, options.sockets);
  const readTimeoutMs = readTimeoutOf(options.timeouts);
  let closed = false;
  let running: Promise<void> | undefined;
  let connection: pg.Client | undefined;
  /** The connection while it listens; undefined while (re)connecting or lost. */
  let listening: Queryable | undefined;
  let wakeUp = () => {};
  let gated = false;

  const tell = (each: (listener: StoreChangeListener) => void) => {
    for (const listener of [...listeners]) {
      try {
        each(listener);
      } catch {
        // A listener's failure is its own; the others still hear the news.
      }
    }
  };

  const onNotice = ({ channel, payload }: pg.Notification) => {
    if (channel === CHECKOUT_CHANNEL) {
      const [, from, id, digits, json] = CHECKOUT_PAYLOAD.exec(payload ?? '') ?? [];
      if (from === undefined || from === origin || !id || !digits) return;
      const version = Number(digits);
      const checkout = carried(json, id, version);
      tell((listener) => listener.checkout(id, version, checkout));
    } else if (channel === OUTBOX_CHANNEL && payload !== origin) {
      tell((listener) => listener.outbox());
    }
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** Listens until the connection is lost (ended, failed, or silent past a heartbeat). */
  const listenOnce = async () => {
    const client = new pg.Client(config);
    connection = client;
    const lost = new Promise<void>((resolve) => {
      client.once('end', resolve);
      // The server ended the connection (restart, pg_terminate_backend): 'end' follows.
      client.on('error', () => resolve());
    });
    client.on('notification', onNotice);
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const timed = timedQueries(client, readTimeoutMs);
    try {
      await client.connect();
      await timed.query(`LISTEN ${CHECKOUT_CHANNEL}; LISTEN ${OUTBOX_CHANNEL}`);
      if (closed) return true;
      listening = timed;
      // Listening from here on: what was committed before (while deaf, or between the first
      // subscription and now) is read again.
      tell((listener) => listener.resync());
      const silent = new Promise<void>((resolve) => {
        heartbeat = setInterval(() => {
          timed.query('SELECT 1').catch(() => resolve());
        }, HEARTBEAT_MS).unref();
      });
      await Promise.race([lost, silent]);
      return true;
    } catch {
      return false;
    } finally {
      // Deaf from here until the next resync: whatever trusts the notices stops now.
      if (listening) tell((listener) => listener.lost?.());
      listening = undefined;
      clearInterval(heartbeat);
      client.end().catch(() => undefined);
      connection = undefined;
    }
  };

  const run = async () => {
    let again = false;
    let wait = 0;
    while (!closed) {
      if (again && options.beforeRelisten) {
        gated = true;
        await options.beforeRelisten();
        gated = false;
      }
      if (closed) return;
      const listened = await listenOnce();
      again = true;
      // Lost after listening: at once; failing to connect: ever longer, up to the last wait.
      wait = listened ? 0 : Math.min(Math.max(RETRY_MS.first, wait * 2), RETRY_MS.max);
      if (wait > 0 && !closed) await pause(wait);
    }
  };

  return {
    origin,
    subscribe(listener) {
      listeners.add(listener);
      // Already listening: what was committed before this listener came is news to it too.
      if (listening) {
        try {
          listener.resync();
        } catch {
          // Its failure is its own, as with any news.
        }
      }
      running ??= run();
      return () => {
        listeners.delete(listener);
      };
    },
    started: () => running !== undefined,
    async probe(text, values) {
      if (!listening)
        throw new StoreUnavailableError('postgres change feed not listening', undefined);
      try {
        await listening.query(text, values);
      } catch (error) {
        throw storeError(error);
      }
    },
    async close() {
      closed = true;
      wakeUp();
      await connection?.end().catch(() => undefined);
      // Held by a test's gate, the loop ends when the gate opens; nothing is open meanwhile.
      if (!gated) await running;
    },
  };
}
