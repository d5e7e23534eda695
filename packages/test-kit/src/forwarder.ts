/**
 * A counting HTTP forwarder put between the proxy and the processing service: it passes every
 * request through unchanged (bodies and headers byte for byte, GET bodies too) and records the
 * method and path of each, so a test can count exactly what reached the service.
 */

import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardedRequest {
  method: string;
  path: string;
  /** Unix milliseconds when the request arrived. */
  at: number;
}

export interface CountingForwarder {
  /** `http://127.0.0.1:PORT`: use it in place of the target's origin. */
  url: string;
  requests: ForwardedRequest[];
  /** How many requests of `method` had a path ending in `pathSuffix`. */
  count(method: string, pathSuffix: string): number;
  close(): Promise<void>;
}

export async function startCountingForwarder(target: string): Promise<CountingForwarder> {
  const origin = new URL(target);
  const requests: ForwardedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    requests.push({ method: incoming.method ?? 'GET', path: incoming.url ?? '/', at: Date.now() });
    const upstream = request(
      {
        host: origin.hostname,
        port: origin.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    // The service dropping the connection is passed on as a dropped connection.
    upstream.on('error', () => incoming.socket.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (method, pathSuffix) =>
      requests.filter((entry) => entry.method === method && entry.path.endsWith(pathSuffix)).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
