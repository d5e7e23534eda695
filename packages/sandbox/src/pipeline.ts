/**
 * The front of every processing request, one named step after another (stripe-mock style):
 * faults, API version, key and signature headers, raw body, signature, content format and
 * JSON parse, client and merchant switches. Each step either passes or throws one catalogue
 * error, so the order in this file is the order the README documents.
 */

import { errors, isJsonContentType, parseJson } from '@crypto-pay/protocol';
import { secretsEqualSync, verifySignatureSync } from '@crypto-pay/protocol/node';
import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxCore } from './core.ts';
import type { SandboxEnv } from './env.ts';
import { fail } from './failure.ts';
import { BodyTooLarge, readRawBody } from './raw-body.ts';

/** Path prefixes of the enabled API versions; any other `/api/...` path is another version. */
export const GENERAL_BASE = '/api/v2';
export const PAYMENTS_BASE = '/api/payments/v1';

const underBase = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** 1. Faults the control API set up (latency, failing or dropping the next requests). */
async function injectFaults(
  core: SandboxCore,
  c: Context<SandboxEnv>,
): Promise<Response | undefined> {
  const faults = core.store.faults;
  if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
  if (faults.failNext <= 0) return undefined;
  faults.failNext -= 1;
  const socket = c.env?.incoming?.socket;
  if (faults.dropConnection && socket) {
    socket.destroy();
    // Nothing reaches the client; the response is only for Hono's bookkeeping.
    return new Response(null, { status: 499 });
  }
  return c.json(
    { error: 'The sandbox simulated a server failure.', code: faults.status },
    faults.status,
  );
}

/** 2. Only `v2` (general) and `payments/v1` (payment requests) are enabled. */
function checkVersion(path: string): void {
  if (!underBase(path, GENERAL_BASE) && !underBase(path, PAYMENTS_BASE))
    fail(errors.wrongApiVersion);
}

/** 3. The key, then that a signature header is there at all: neither needs the body. */
function checkHeaders(core: SandboxCore, c: Context<SandboxEnv>): string {
  const key = c.req.header('X-Processing-Key');
  if (key === undefined || key === '') fail(errors.missingKey);
  if (!secretsEqualSync(key, core.options.apiKey)) fail(errors.badKey);
  const signature = c.req.header('X-Processing-Signature');
  if (signature === undefined || signature === '') fail(errors.missingSignature);
  return signature;
}

/** 4. The exact bytes; a body over the limit is refused before it is read to the end. */
async function readBody(c: Context<SandboxEnv>): Promise<Uint8Array> {
  try {
    return await readRawBody(c.req.raw, c.env?.incoming);
  } catch (error) {
    if (error instanceof BodyTooLarge) {
      // A body this large may be left partly unread: the connection serves no other request.
      c.header('Connection', 'close');
      fail(errors.badContentFormat);
    }
    throw error;
  }
}

/** 5. The signature over the exact bytes received. */
function checkSignature(core: SandboxCore, raw: Uint8Array, signature: string): void {
  if (!verifySignatureSync(core.options.signingSecret, raw, signature)) fail(errors.badSignature);
}

/** 6. `Content-Type: application/json` and a body that is a JSON object of Unicode text. */
function parseBody(c: Context<SandboxEnv>, raw: Uint8Array): Record<string, unknown> {
  if (!isJsonContentType(c.req.header('Content-Type'))) fail(errors.badContentFormat);
  let body: unknown;
  try {
    body = parseJson(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    // Not UTF-8, not JSON, nested deeper than the parser's stack, or half of a surrogate pair
    // escaped alone (no Unicode text: it would break the invoice page's address): all a bad format.
    fail(errors.badContentFormat);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    fail(errors.badContentFormat);
  return body as Record<string, unknown>;
}

/** 7. The account switches of `POST /_sandbox/merchant`. */
function checkAccount(core: SandboxCore): void {
  if (!core.store.merchant.clientEnabled) fail(errors.clientDisabled);
  if (!core.store.merchant.merchantEnabled) fail(errors.merchantDisabled);
}

/** The middleware in front of every route under `/api/`. */
export function processingPipeline(core: SandboxCore): MiddlewareHandler<SandboxEnv> {
  return async (c, next) => {
    const faulted = await injectFaults(core, c);
    if (faulted) return faulted;
    checkVersion(c.req.path);
    const signature = checkHeaders(core, c);
    const raw = await readBody(c);
    checkSignature(core, raw, signature);
    c.set('body', parseBody(c, raw));
    checkAccount(core);
    await next();
    return undefined;
  };
}
