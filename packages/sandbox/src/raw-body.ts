/**
 * Reads a request's exact body bytes, never more than `MAX_BODY_BYTES`. `@hono/node-server`
 * gives GET requests no body, yet transaction lookup is a GET with a JSON body: there the
 * bytes come from Node's incoming message, which the server leaves unread for GET.
 */

import type { IncomingMessage } from 'node:http';

/** Bodies beyond this are refused as a bad content format rather than buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLarge extends Error {}

/** Keeps chunks until the end; past the limit, stops reading (without destroying anything). */
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
    return !tooLarge;
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

/** The body bytes of `request`; for GET and HEAD, of the Node message behind it when there is one. */
export async function readRawBody(
  request: Request,
  incoming: IncomingMessage | undefined,
): Promise<Uint8Array> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw new BodyTooLarge();
  if (request.method === 'GET' || request.method === 'HEAD') {
    return incoming && !incoming.readableEnded ? collect(fromIncoming(incoming)) : new Uint8Array();
  }
  return request.body ? collect(fromStream(request.body)) : new Uint8Array();
}
