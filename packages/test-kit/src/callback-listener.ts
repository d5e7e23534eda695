/**
 * A merchant's callback endpoint on 127.0.0.1: records each callback, checks its signature
 * with the protocol's `verifySignatureSync` (node:crypto, in constant time), and answers with
 * the statuses it is told to.
 */

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignatureSync } from '@crypto-pay/protocol/node';

export interface ReceivedCallback {
  body: string;
  json: Record<string, unknown>;
  key: string | undefined;
  signatureValid: boolean;
  /** Every header of the request, as Node gives them (names in lower case). */
  headers: IncomingHttpHeaders;
}

export interface CallbackListener {
  url: string;
  received: ReceivedCallback[];
  /** Resolves once `count` callbacks arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedCallback[]>;
}

export async function callbackListener(
  t: { after(fn: () => Promise<void> | void): void },
  secret: string,
  statuses: number[] = [],
): Promise<CallbackListener> {
  const received: ReceivedCallback[] = [];
  let waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const signature = request.headers['x-processing-signature'] as string | undefined;
      received.push({
        body: bytes.toString('utf8'),
        json: JSON.parse(bytes.toString('utf8')),
        key: request.headers['x-processing-key'] as string | undefined,
        signatureValid: verifySignatureSync(secret, bytes, signature),
        headers: request.headers,
      });
      response.statusCode = statuses.shift() ?? 200;
      response.end();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks/processing`,
    received,
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${received.length} of ${count} callbacks arrived`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length < count) return;
          clearTimeout(timer);
          waiters = waiters.filter((wake) => wake !== check);
          resolve(received.slice(0, count));
        };
        waiters.push(check);
        check();
      });
    },
  };
}
