/**
 * Reads a request's exact body bytes, never more than `MAX_BODY_BYTES`, from Node's incoming
 * message when there is one: `@hono/node-server` gives GET requests no body (transaction lookup
 * is a GET with a JSON body), and its web `Request` costs more than the rest of a request.
 */

import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { SandboxEnv } from './env.ts';

/** Bodies beyond this are refused as a bad content format rather than buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Up to this much of a refused body is read and dropped before the answer, so that a client
 * still sending hears it: a connection closed with bytes unread is reset, and the reset can
 * take the answer with it. Beyond it the connection is closed on the rest.
 */
const DRAIN_BYTES = 16 * MAX_BODY_BYTES;

export class BodyTooLarge extends Error {}

/** Keeps chunks until the end; past the limit drops them, and stops reading past DRAIN_BYTES. */
function collect(
  subscribe: (onChunk: (chunk: Uint8Array) => boolean) => Promise<void>,
): Promise<Uint8Array> {
  const kept: Uint8Array[] = [];
  let size = 0;
  let tooLarge = false;
  return subscribe((chunk) => {
    size += chunk.length;
    tooLarge = size > MAX_BODY_BYTES;
    if (!tooLarge) kept.push(chunk);
    return size <= DRAIN_BYTES;
  }).then(() => {
    if (tooLarge) throw new BodyTooLarge();
    return new Uint8Array(Buffer.concat(kept));
  });
}

/** Node's message, paused once `onChunk` wants no more; the caller answers `Connection: close`. */
const fromIncoming = (incoming: IncomingMessage) => (onChunk: (chunk: Uint8Array) => boolean) =>
  new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (onChunk(chunk)) return;
      incoming.off('data', onData).off('end', resolve).pause();
      resolve();
    };
    incoming.on('data', onData).once('end', resolve).once('error', reject);
  });

/** A web stream, read until done or until `onChunk` wants no more. */
const fromStream =
  (stream: ReadableStream<Uint8Array>) => async (onChunk: (chunk: Uint8Array) => boolean) => {
    const reader = stream.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || !onChunk(value)) return;
      }
    } finally {
      reader.releaseLock();
    }
  };

/** The body bytes of the Node message behind `request`, or without one (tests), of `request`. */
export async function readRawBody(
  request: Request,
  incoming: IncomingMessage | undefined,
): Promise<Uint8Array> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > DRAIN_BYTES) throw new BodyTooLarge();
  if (incoming) return incoming.readableEnded ? new Uint8Array() : collect(fromIncoming(incoming));
  return request.body ? collect(fromStream(request.body)) : new Uint8Array();
}

const hasBody = ({ headers }: IncomingMessage) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * Reads and drops, before the answer goes, what is left of a body no step read to its end (a
 * refusal before the body: a bad key, an unknown route, a host not allowed, a control body over
 * its limit), up to DRAIN_BYTES, for the same reason as a body too large; past that, or where a
 * step stopped reading, the answer says `Connection: close`. Read through the web body: once a
 * step has asked for it (Hono's limit does), it holds Node's stream paused while its queue is
 * full. Under `app.request()` there is no connection to drain.
 */
export function drainUnreadBodies(): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    await next();
    const incoming = c.env?.incoming;
    if (!incoming || !hasBody(incoming) || incoming.readableEnded || incoming.destroyed) return;
    if (c.res.headers.get('Connection') === 'close') return;
    let size = 0;
    try {
      const body = c.req.raw.body;
      const counted = (chunk: Uint8Array) => {
        size += chunk.length;
        return size <= DRAIN_BYTES;
      };
      if (body) await fromStream(body)(counted);
    } catch {
      // Gone mid-body (nobody hears the answer) or held by a step: the rest stays unread.
      size = Number.POSITIVE_INFINITY;
    }
    if (size > DRAIN_BYTES) c.header('Connection', 'close');
  };
}
