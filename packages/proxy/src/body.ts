/**
 * Request bodies, read once as bytes with the size limit enforced while reading: under
 * @hono/node-server straight from Node's request stream (no web Request or stream is built
 * for them), elsewhere (in-process `app.request()` in tests) through the web Request.
 */

import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './http/context.ts';
import { ApiError } from './http/errors.ts';

export const DEFAULT_MAX_BODY_BYTES = 32 * 1024;

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, 'body_too_large', `The request body is larger than ${maxBytes} bytes.`);
}

/** The client left (or its connection broke) before the body's last byte: its request, not ours. */
function cutOff(): ApiError {
  return new ApiError(400, 'body_incomplete', 'The request body was cut off before it ended.');
}

/**
 * Sets the limit `readBody` holds bodies to, and refuses at once a body whose Content-Length
 * is over it, whether or not its route reads it. A body of unknown length is counted as read.
 */
export function bodyLimit(maxBytes: number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    // GET and HEAD carry no body.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('Content-Length');
    if (length !== undefined && !c.req.header('Transfer-Encoding')) {
      if (Number.parseInt(length, 10) > maxBytes) throw tooLarge(maxBytes);
    }
    c.set('maxBodyBytes', maxBytes);
    await next();
  });
}

/** The body's bytes; 413 `body_too_large` as soon as more than the limit has arrived. */
export function readBody(c: Context<AppEnv>): Promise<Uint8Array> {
  const maxBytes = c.get('maxBodyBytes') ?? DEFAULT_MAX_BODY_BYTES;
  // `env` is the adapter's bindings; `app.request()` passes none. Once anything else started
  // reading Node's stream (the adapter does when `c.req.raw.body` is first asked for), the
  // rest of the body is only in the web Request.
  const incoming = c.env?.incoming;
  return incoming && incoming.readableFlowing === null
    ? readIncoming(incoming, maxBytes)
    : readWebBody(c.req.raw, maxBytes);
}

// As `Request.text()` decodes: a byte order mark dropped, invalid bytes replaced, never thrown.
const decoder = new TextDecoder();

/** The body as text (UTF-8, as `Request.text()` reads it). */
export async function readText(c: Context<AppEnv>): Promise<string> {
  return decoder.decode(await readBody(c));
}

function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (incoming.destroyed) {
      reject(cutOff());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: () => void) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // Read no further: the adapter drains or cuts the rest once the 413 is sent.
      incoming.pause();
      settle(() => reject(tooLarge(maxBytes)));
    };
    const onEnd = () =>
      settle(() => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    // A client gone mid-body: Node reports an error ('aborted'); `close` alone is the fallback.
    const onError = () => settle(() => reject(cutOff()));
    const onClose = () => settle(() => reject(cutOff()));
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

async function readWebBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // The web body errs only when the request stream under it did: the client left.
    const { done, value } = await reader.read().catch(() => {
      throw cutOff();
    });
    if (done) return Buffer.concat(chunks, size);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
}
