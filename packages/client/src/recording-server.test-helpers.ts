/**
 * A real HTTP server on 127.0.0.1 for the client's tests: it records every request's method,
 * path, headers and raw body bytes, and answers from a script.
 */

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProcessingClient, type ProcessingClientOptions } from './client.ts';

export const API_KEY = 'test-api-key';
export const SIGNING_SECRET = 'test-signing-secret';

export interface RecordedRequest {
  method: string;
  /** Path and query as received, e.g. `/api/v2/invoices/a%2Fb/cancel/`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** What the server does with the next request. */
export type Reply =
  /** An answer, after `delayMs` when given (a slow service). */
  | { status: number; json?: unknown; text?: string; delayMs?: number }
  /** Never answer (the client must time out). */
  | 'hang'
  /** Read the request, then drop the connection without answering. */
  | 'reset';

export interface RecordingServer {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** Queues replies for the next requests; once the queue is empty, `fallback` answers. */
  reply(...replies: Reply[]): void;
  fallback: Reply;
  /** Resolves once `count` requests have arrived in full. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startRecordingServer(port = 0): Promise<RecordingServer> {
  const queue: Reply[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      for (const waiter of waiters.filter((entry) => requests.length >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const reply = queue.shift() ?? recording.fallback;
      if (reply === 'hang') return;
      if (reply === 'reset') {
        request.socket.destroy();
        return;
      }
      const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
      setTimeout(() => {
        response.writeHead(reply.status, { 'Content-Type': 'application/json' });
        response.end(text);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const recording: RecordingServer = {
    origin: `http://127.0.0.1:${address.port}`,
    port: address.port,
    requests,
    reply: (...replies) => queue.push(...replies),
    fallback: { status: 500, json: { error: 'No reply scripted.', code: 500 } },
    received: (count) =>
      requests.length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return recording;
}

/** A client of `server` with test credentials and tiny retry delays. */
export function clientFor(
  origin: string,
  overrides: Partial<ProcessingClientOptions> = {},
): ReturnType<typeof createProcessingClient> {
  return createProcessingClient({
    apiKey: API_KEY,
    signingSecret: SIGNING_SECRET,
    baseUrl: `${origin}/api/v2`,
    paymentsBaseUrl: `${origin}/api/payments/v1`,
    timeoutMs: 2000,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 4 },
    ...overrides,
  });
}

/** A port on 127.0.0.1 where nothing listens (it was free a moment ago). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
