/**
 * Holds a Node HTTP server to its connection caps, per client address and in all: a new
 * connection past a cap takes the place of the connection idle the longest (of that address,
 * or of anyone), and is refused only when every one it could replace has a request in flight.
 *
 * Idle means no request in flight: a keep-alive connection between requests, and one that has
 * not finished its headers yet, which is what an attacker holding connections open sends (the
 * header timeout only makes it reconnect). An event stream is a request in flight for as long
 * as it runs, so streams and requests being answered are never shed while an idle connection
 * is left. Dropping an idle connection costs its client a reconnect, nothing more.
 *
 * A request whose body is still arriving `STALLED_BODY_MS` after its headers (`Content-Length:
 * 1000`, then a byte now and then) holds a connection as an unfinished header does, for the
 * request timeout: past a cap it is shed as an idle one is, whichever has been idle or receiving
 * the longest. Judged from its headers, not from its last byte: a byte every few seconds would
 * otherwise keep it forever. Whether the body has arrived is asked only when a cap is reached,
 * so a request pays nothing for it but a place in a list.
 */

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../http/middleware/client-ip.ts';
import type { ConnectionCaps } from './descriptor-limit.ts';
import { type IdleLinks, IdleList, unlinked } from './idle-list.ts';
import type { Log } from './logger.ts';

interface Client {
  open: number;
  /** Its idle connections, idle the longest first. */
  idle: IdleList<Connection>;
  /** Its connections receiving a request's body, the longest receiving first. */
  receiving: IdleList<Connection>;
}

interface Connection {
  socket: Socket;
  client: Client;
  key: string;
  requestsInFlight: number;
  counted: boolean;
  /** When it last fell idle, by the caps' clock. */
  idleSince: number;
  /** Its places among everyone's idle connections and among its client's. */
  everyone: IdleLinks<Connection>;
  sameClient: IdleLinks<Connection>;
  /** The request whose body may still be arriving, and when its headers arrived. */
  incoming: IncomingMessage | undefined;
  receivingSince: number;
  /** Its places among everyone's and its client's connections receiving a body. */
  receivingEveryone: IdleLinks<Connection>;
  receivingSameClient: IdleLinks<Connection>;
}

const newClient = (): Client => ({
  open: 0,
  idle: new IdleList((connection) => connection.sameClient),
  receiving: new IdleList((connection) => connection.receivingSameClient),
});

/** Where a socket and the responses on it keep their connection's entry. */
const CONNECTION = Symbol('connection');

/**
 * How long after its headers a request's body may still be arriving before its connection is
 * as sheddable as an idle one. A body is 32 KiB at most (`http/body.ts`): a few round trips,
 * well under a second, and a second or two more on a poor link that retransmits.
 */
export const STALLED_BODY_MS = 5_000;

/** How often shedding is logged at most, while it goes on. */
const LOG_EVERY_MS = 60_000;

export interface ConnectionCounts {
  open: number;
  idle: number;
  /** Idle (or stalled) connections closed to make room, and connections refused, since the start. */
  shed: number;
  refused: number;
}

export function capConnections(
  server: Server,
  caps: ConnectionCaps,
  log: Log,
  now: () => number = () => performance.now(),
): { counts(): ConnectionCounts } {
  const clients = new Map<string, Client>();
  /** Every idle connection, idle the longest first. */
  const idle = new IdleList<Connection>((connection) => connection.everyone);
  /** Every connection receiving a request's body, the longest receiving first. */
  const receiving = new IdleList<Connection>((connection) => connection.receivingEveryone);
  let open = 0;
  const counts = { shed: 0, refused: 0, shedLogged: 0, refusedLogged: 0, loggedAt: -Infinity };

  const becameIdle = (connection: Connection) => {
    connection.idleSince = now();
    idle.add(connection);
    connection.client.idle.add(connection);
  };
  const becameBusy = (connection: Connection) => {
    idle.remove(connection);
    connection.client.idle.remove(connection);
  };
  const startedReceiving = (connection: Connection, request: IncomingMessage) => {
    // At the end of both lists, so each stays in the order requests began.
    doneReceiving(connection);
    connection.incoming = request;
    connection.receivingSince = now();
    receiving.add(connection);
    connection.client.receiving.add(connection);
  };
  const doneReceiving = (connection: Connection) => {
    connection.incoming = undefined;
    receiving.remove(connection);
    connection.client.receiving.remove(connection);
  };
  /** The connection of `connections` receiving a body the longest, if for too long. */
  const stalledIn = (connections: IdleList<Connection>): Connection | undefined => {
    for (;;) {
      const oldest = connections.first();
      if (oldest === undefined) return undefined;
      if (oldest.incoming?.complete === false) {
        return now() - oldest.receivingSince >= STALLED_BODY_MS ? oldest : undefined;
      }
      // Its body has all arrived: a request being answered, not shed. (A whole body fits
      // Node's buffers, so one its handler has not read yet has arrived too.)
      doneReceiving(oldest);
    }
  };
  const forget = (connection: Connection) => {
    if (!connection.counted) return;
    connection.counted = false;
    becameBusy(connection);
    doneReceiving(connection);
    open--;
    if (--connection.client.open === 0) clients.delete(connection.key);
  };

  const report = () => {
    if (now() - counts.loggedAt < LOG_EVERY_MS) return;
    counts.loggedAt = now();
    log('warn', 'connections shed', {
      shed: counts.shed - counts.shedLogged,
      refused: counts.refused - counts.refusedLogged,
      open,
      max_connections: caps.total,
      max_connections_per_client: caps.perClient,
    });
    counts.shedLogged = counts.shed;
    counts.refusedLogged = counts.refused;
  };
  /**
   * Closes the connection idle the longest of `idleOnes` or receiving the longest (and too
   * long) of `bodiesArriving`, whichever has been so longer; false when there is none.
   */
  const shedFrom = (
    idleOnes: IdleList<Connection>,
    bodiesArriving: IdleList<Connection>,
  ): boolean => {
    const idleOne = idleOnes.first();
    const stalled = stalledIn(bodiesArriving);
    const stalledLonger =
      idleOne === undefined ||
      (stalled !== undefined && stalled.receivingSince < idleOne.idleSince);
    const oldest = stalledLonger ? stalled : idleOne;
    if (oldest === undefined) return false;
    forget(oldest);
    oldest.socket.destroy();
    counts.shed++;
    return true;
  };

  // After the server's own listener: it has set the connection up, so it can be torn down.
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? 'unknown');
    const client = clients.get(key) ?? newClient();
    const perClientFull = caps.perClient > 0 && client.open >= caps.perClient;
    if (
      (perClientFull && !shedFrom(client.idle, client.receiving)) ||
      (open >= caps.total && !shedFrom(idle, receiving))
    ) {
      socket.destroy();
      counts.refused++;
      report();
      return;
    }
    clients.set(key, client);
    const connection: Connection = {
      socket,
      client,
      key,
      requestsInFlight: 0,
      counted: true,
      idleSince: 0,
      everyone: unlinked(),
      sameClient: unlinked(),
      incoming: undefined,
      receivingSince: 0,
      receivingEveryone: unlinked(),
      receivingSameClient: unlinked(),
    };
    client.open++;
    open++;
    (socket as Socket & { [CONNECTION]?: Connection })[CONNECTION] = connection;
    becameIdle(connection);
    socket.once('close', () => forget(connection));
    if (counts.shed > counts.shedLogged) report();
  });

  // 'close' comes once, when the answer is done or the connection is gone, whichever is first.
  // One shared listener, the connection on the response: no closure per request (status reads).
  function answered(this: ServerResponse & { [CONNECTION]?: Connection }) {
    const connection = this[CONNECTION]!;
    if (connection.incoming === this.req) doneReceiving(connection);
    if (--connection.requestsInFlight === 0 && connection.counted) becameIdle(connection);
  }
  // First, so a request counts as in flight before any handler runs.
  server.prependListener('request', (request, response) => {
    const connection = (request.socket as Socket & { [CONNECTION]?: Connection })[CONNECTION];
    if (!connection) return;
    if (connection.requestsInFlight++ === 0) becameBusy(connection);
    // A request that may have a body; whether it is still arriving is asked only when shedding.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      startedReceiving(connection, request);
    }
    (response as ServerResponse & { [CONNECTION]?: Connection })[CONNECTION] = connection;
    response.on('close', answered);
  });

  return {
    counts: () => ({ open, idle: idle.size, shed: counts.shed, refused: counts.refused }),
  };
}
