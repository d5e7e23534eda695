/**
 * Request bodies: Hono's `bodyLimit` refuses one over the limit (by its Content-Length at once,
 * else counted as it arrives) and routes read the web Request's body. What stays ours is the
 * answer: our error shape for a body too large, and 400 `body_incomplete` for a body the client
 * cut off before its end, which is its doing, not a failure of the proxy to log.
 */

import type { Context } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

export const DEFAULT_MAX_BODY_BYTES = 32 * 1024;

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, 'body_too_large', `The request body is larger than ${maxBytes} bytes.`);
}

/** The client left (or its connection broke) before the body's last byte: its request, not ours. */
function cutOff(): ApiError {
  return new ApiError(400, 'body_incomplete', 'The request body was cut off before it ended.');
}

/**
 * Refuses at once a body whose Content-Length is over `maxBytes`, whether or not its route
 * reads it; a body of unknown length (chunked) is read here and refused once it passes.
 */
export function bodyLimit(maxBytes: number) {
  const limit = honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    // GET and HEAD carry no body; asking the adapter's Request for one would build the web
    // Request (headers, abort signal) for every status read and event stream.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    // What the rest of the chain throws reaches the error handler, not here: an error here is
    // the limit's own (the 413) or a chunked body that broke off while it was counted.
    try {
      await limit(c, next);
    } catch (error) {
      throw error instanceof ApiError ? error : cutOff();
    }
  });
}

/** The body's bytes. */
export async function readBody(c: Context<AppEnv>): Promise<Uint8Array> {
  try {
    return new Uint8Array(await c.req.arrayBuffer());
  } catch {
    throw cutOff();
  }
}

/** The body as text (UTF-8, as `Request.text()` reads it). */
export async function readText(c: Context<AppEnv>): Promise<string> {
  try {
    return await c.req.text();
  } catch {
    throw cutOff();
  }
}
