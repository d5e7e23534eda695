/**
 * Reads a request's exact body bytes. `@hono/node-server` gives GET requests no body, yet
 * transaction lookup is a GET with a JSON body: there the bytes come from Node's incoming
 * message, which the server leaves unread for GET.
 */

import type { IncomingMessage } from 'node:http';

/** Bodies beyond this are refused as a bad content format rather than buffered. */
export const MAX_BODY_BYTES = 1024 * 1024;

export class BodyTooLarge extends Error {}

function readIncoming(incoming: IncomingMessage): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        incoming.destroy();
        return;
      }
      chunks.push(chunk);
    });
    incoming.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    incoming.on('error', reject);
  });
}

/** The body bytes of `request`; for GET and HEAD, of the Node message behind it when there is one. */
export async function readRawBody(
  request: Request,
  incoming: IncomingMessage | undefined,
): Promise<Uint8Array> {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return incoming && !incoming.readableEnded ? readIncoming(incoming) : new Uint8Array();
  }
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_BODY_BYTES) throw new BodyTooLarge();
  return bytes;
}
