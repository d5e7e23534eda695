/**
 * Request bodies: one over the limit is refused (by its Content-Length at once, else counted by
 * Hono's `bodyLimit` as its route reads it) and routes read the body through `c.req`. What stays
 * ours is the answer: our error shape for a body too large, and 400 `body_incomplete` for a body
 * the client cut off before its end, which is its doing, not a failure of the proxy to log.
 */

import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
import type { Context } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { ApiError } from '../api-error.ts';
import type { AppEnv } from './context.ts';

export const DEFAULT_MAX_BODY_BYTES = 32 * 1024;

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(413, 'body_too_large', `The request body is larger than ${maxBytes} bytes.`);
}

/** The client left (or its connection broke) before the body's last byte: its request, not ours. */
function cutOff(): ApiError {
  return new ApiError(400, 'body_incomplete', 'The request body was cut off before it ended.');
}

/**
 * Sets the limit `readBody` holds bodies to, and refuses at once a body whose Content-Length is
 * over it, whether or not its route reads it. A body of unknown length (chunked) is counted
 * only where a route reads it, so a request its route or `adminAuth` refuses (or no route
 * takes) gets that answer, even when its client then cuts the body off.
 */
export function bodyLimit(maxBytes: number) {
  // Not async: a request without a body (every status read) goes on at once.
  return createMiddleware<AppEnv>((c, next) => {
    // GET and HEAD carry no body; asking the adapter's Request for one would build the web
    // Request (headers, abort signal) for every status read and event stream.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    c.set('maxBodyBytes', maxBytes);
    // Compared here: Hono's limit would take the web body first, which starts reading Node's
    // stream and holds it, paused, once its queue is full. A body refused unread must stay
    // Node's, which then reads it off the connection to its end.
    refuseDeclaredOver(c, maxBytes);
    return next();
  });
}

/**
 * Refuses a body whose Content-Length is over `maxBytes`. True when the length was declared
 * (and no Transfer-Encoding sent): the body's length is then known before it is read.
 */
function refuseDeclaredOver(c: Context<AppEnv>, maxBytes: number): boolean {
  const length = c.req.header('Content-Length');
  if (!length || c.req.header('Transfer-Encoding')) return false;
  if (Number(length) > maxBytes) throw tooLarge(maxBytes);
  return true;
}

/** Hono's limit, answering in our words: it counts the body as it reads it. */
function countedLimit(maxBytes: number) {
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw tooLarge(maxBytes);
    },
  });
}

/**
 * Answers `Connection: close` to a request whose body was not read to its end (a refusal
 * before reading it, any status, or a limit that stopped reading), as servers do: the rest of
 * that body is still on the connection, or held unread by the adapter, which gives up on it
 * after half a second by ending the socket, under whatever request came next on it (an event
 * stream heard its first event and nothing more). Under `app.request()` there is no connection.
 */
export function closeUnreadBodies() {
  // Not async: a request without a body (every status read) goes on at once.
  return createMiddleware<AppEnv>((c, next) => {
    const incoming = c.env?.incoming;
    if (!incoming || !hasBody(incoming.headers)) return next();
    return next().then(() => {
      if (incoming.readableEnded) return;
      c.header('Connection', 'close');
      lingerBeforeClosing(incoming.socket);
    });
  });
}

/** How long a connection closed after an unread body still takes in (and drops) its client's rest. */
const LINGER_MS = 2_000;

/**
 * Node ends a `Connection: close` answer's socket with `destroySoon`: closed with its client's
 * body still arriving, the kernel answers the rest with a reset, which also throws away the
 * answer the client has not read yet (its 413). As servers do (nginx's lingering close), the
 * socket is half-closed after the answer and what still comes is read and dropped, until the
 * client closes or LINGER_MS have passed.
 */
function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
  };
}

const hasBody = (headers: IncomingHttpHeaders) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

const readNothingMore = async () => {};

/** The body's bytes; 413 `body_too_large` once more than the limit has arrived. */
export async function readBody(c: Context<AppEnv>): Promise<Uint8Array> {
  const maxBytes = c.get('maxBodyBytes') ?? DEFAULT_MAX_BODY_BYTES;
  try {
    // Node's parser ends the body at its Content-Length, so the length is all there is to count,
    // as Hono's limit does too. Not asking for `c.req.raw.body` leaves the adapter its direct
    // read from Node's stream: no web Request or stream built for every create.
    if (!refuseDeclaredOver(c, maxBytes) && !c.req.raw.bodyUsed) {
      // Hono's limit reads a chunked body to its end (or past the limit) and puts the bytes
      // back into the Request; a body read before is cached by `c.req` and counted already.
      await countedLimit(maxBytes)(c, readNothingMore);
    }
    return new Uint8Array(await c.req.arrayBuffer());
  } catch (error) {
    // The limit's own 413, or a body that broke off while it was read.
    throw error instanceof ApiError ? error : cutOff();
  }
}

// As `Request.text()` decodes: a byte order mark dropped, invalid bytes replaced, never thrown.
const decoder = new TextDecoder();

/** The body as text (UTF-8, as `Request.text()` reads it). */
export async function readText(c: Context<AppEnv>): Promise<string> {
  return decoder.decode(await readBody(c));
}
