/**
 * A merchant's webhook receiver for tests: a real HTTP server on 127.0.0.1 that verifies every
 * request with the `standardwebhooks` library (never the proxy's code), reads the body by the
 * contract's `webhookEventSchema` and keeps what came, and that can misbehave on demand: answer
 * 500, redirect, answer 503 with `Retry-After: 1` (busy), answer 410 Gone (wanting no more), reset
 * the connection, never answer.
 */

import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type WebhookEvent, webhookEventSchema } from '@crypto-pay/protocol/proxy-api';
import { Webhook } from 'standardwebhooks';

/** What the receiver does with the next requests. */
export type ReceiverMode = 'ok' | 'error' | 'redirect' | 'busy' | 'gone' | 'reset' | 'hang';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified event, or undefined when the signature did not verify or the body is no event. */
  event: WebhookEvent | undefined;
  /** Why the receiver refused it with 400 (the signature's or the schema's words), when it did. */
  refusal: string | undefined;
  /** What the receiver answered (`ok` means a 2xx and counts as delivered). */
  mode: ReceiverMode;
  /** `performance.now()` once the whole request was in (the webhooks benchmark times by it). */
  arrivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  /** Every request, in arrival order. */
  received: ReceivedWebhook[];
  /** Verified events answered 2xx, one per webhook-id (a receiver drops repeats by id). */
  delivered(): Map<string, NonNullable<ReceivedWebhook['event']>>;
  mode: ReceiverMode;
  /** Awaited before each answer: what happens elsewhere while a sender waits for it. */
  onRequest?: (() => unknown) | undefined;
  /**
   * Verifies with `secret` from now on: a receiver bound first (port 0) learns the secret of the
   * endpoint made for its URL, or an endpoint's rotated one.
   */
  verifyWith(secret: string): void;
  /** Stops listening (connections refused) until `reopen()`, on the same port. */
  down(): Promise<void>;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

/** `secret` undefined: every request is refused (400) until `verifyWith` gives one. */
export async function startWebhookReceiver(
  secret: string | undefined,
  path = '/hooks',
  port = 0,
): Promise<WebhookReceiver> {
  let webhook = secret === undefined ? undefined : new Webhook(secret);
  const sockets = new Set<Socket>();
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const arrivedAt = performance.now();
    const body = Buffer.concat(chunks).toString('utf8');
    let event: ReceivedWebhook['event'];
    let refusal: string | undefined;
    try {
      if (!webhook) throw new Error('the receiver has no secret yet');
      event = webhookEventSchema.parse(
        webhook.verify(body, request.headers as Record<string, string>),
      );
    } catch (error) {
      event = undefined;
      refusal = error instanceof Error ? error.message : String(error);
    }
    const mode = receiver.mode;
    receiver.received.push({ headers: request.headers, body, event, refusal, mode, arrivedAt });
    await receiver.onRequest?.();
    if (mode === 'hang') return;
    if (mode === 'reset') {
      request.socket.destroy();
      return;
    }
    if (mode === 'redirect') {
      response.writeHead(307, { Location: `${receiver.url}-elsewhere` }).end();
      return;
    }
    if (mode === 'busy') {
      response.writeHead(503, { 'Retry-After': '1' }).end();
      return;
    }
    if (mode === 'gone') {
      response.writeHead(410).end();
      return;
    }
    if (mode === 'error' || !event) {
      response.writeHead(mode === 'error' ? 500 : 400, { 'Content-Type': 'text/plain' });
      response.end(
        mode === 'error' ? `receiver failed ${'x'.repeat(2000)}` : `bad webhook: ${refusal}`,
      );
      return;
    }
    response.writeHead(204).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const listen = async (on: number) => {
    server.listen(on, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as AddressInfo).port;
  };
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };
  const bound = await listen(port);
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${bound}${path}`,
    received: [],
    mode: 'ok',
    verifyWith(next) {
      webhook = new Webhook(next);
    },
    delivered() {
      const events = new Map<string, NonNullable<ReceivedWebhook['event']>>();
      for (const item of receiver.received) {
        if (item.mode === 'ok' && item.event) events.set(item.event.id, item.event);
      }
      return events;
    },
    down: stop,
    async reopen() {
      await listen(bound);
    },
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
  return receiver;
}
