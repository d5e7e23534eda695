/**
 * A TCP relay put between a client and a server (the proxy and PostgreSQL) whose way can go
 * silent, as a network that vanished: nothing passes either way, no connection is refused, no
 * reset is sent. Silent, it reads nothing from either side (both sockets paused, nothing held
 * in memory: whatever the client writes waits in the kernel's buffers, which fill and stop it)
 * and leaves new connections accepted but unanswered. With `tls`, it ends TLS before the server,
 * as a load balancer does.
 */

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer, connect as dial, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

export interface TcpRelay {
  /** Where clients connect instead of the server: 127.0.0.1 on this port. */
  port: number;
  /** Connections accepted from clients so far. */
  accepted(): number;
  /** From now on nothing passes, and new connections hang. */
  silence(): void;
  /** Destroys every socket and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts a relay to `target` on `port` (a free one unless given: a relay closed and started again
 * on its port is a network that dropped and came back).
 */
export async function startTcpRelay(
  target: { host: string; port: number },
  port = 0,
  options: { tls?: { key: Buffer; cert: Buffer } } = {},
): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  let silent = false;
  let accepted = 0;
  const keep = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A socket destroyed by `close` (or the other side) must not throw in the test's process.
    socket.on('error', () => undefined);
  };
  const relay = (client: Socket) => {
    accepted++;
    keep(client);
    if (silent) {
      client.pause();
      return;
    }
    const upstream = dial(target.port, target.host);
    keep(upstream);
    // `pipe` stops reading a side while the other's buffer is full: nothing piles up here.
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = options.tls ? createTlsServer(options.tls, relay) : createServer(relay);
  // A client that fails the handshake (it does not trust the certificate) is no test's failure.
  server.on('tlsClientError', () => undefined);
  // A port taken meanwhile (a relay started again on its old port) is the caller's error to hear.
  await once(server.listen(port, '127.0.0.1'), 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    accepted: () => accepted,
    silence() {
      silent = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
