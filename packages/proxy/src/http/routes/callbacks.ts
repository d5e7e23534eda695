/**
 * `POST /callbacks/processing`: the service's signed callbacks. Key and signature are checked
 * over the exact bytes received (constant time); a forged one gets 403 and changes nothing, or
 * 429 once its address's failures are used up. A signed one is never refused for another's
 * failures: its signature cannot be guessed, so there is nothing to slow down.
 * The change is committed before the 200, so the service's retries stop only once it is safe.
 */

import { CallbackVerificationError } from '@crypto-pay/client';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ApiError } from '../../api-error.ts';
import {
  applyCallback,
  type CallbackDeps,
  UNKNOWN_PAYMENT_REQUEST,
} from '../../checkout/apply-callback.ts';
import type { ProcessingClient } from '../../checkout/upstream.ts';
import type { Metrics } from '../../metrics/metrics.ts';
import { errors, ok, storeUnavailable, tooManyForgeries } from '../../openapi/operations.ts';
import { readBody } from '../body.ts';
import type { AppEnv } from '../context.ts';
import type { FailureLimit } from '../middleware/rate-limit.ts';

export interface CallbackRouteDeps extends CallbackDeps {
  processing: Pick<ProcessingClient, 'verifyCallback'>;
  /** Counts every callback by type and outcome, and the checkouts it finishes. */
  metrics?: Pick<Metrics, 'callback' | 'checkoutFinished'>;
  /** Counts the refused keys and signatures per address; only they touch the store. */
  failures: FailureLimit;
}

const FORBIDDEN = new Set(['missing_key', 'bad_key', 'missing_signature', 'bad_signature']);

/** The `type` label of a callback whose signature or body was refused: its type is not known. */
const UNVERIFIED = 'unverified';

/**
 * One answer for every key or signature refused: telling a wrong key from a wrong signature
 * would tell a guesser which API key is right. The log keeps the reason.
 */
const refused = () =>
  new ApiError(403, 'callback_refused', 'The callback is not signed by the processing service.');

export function callbackRoutes(deps: CallbackRouteDeps) {
  return new Hono<AppEnv>().post(
    '/processing',
    describeRoute({
      summary: 'Signed callbacks of the processing service',
      responses: {
        200: ok('Received', {
          type: 'object',
          required: ['received'],
          additionalProperties: false,
          properties: { received: { const: true } },
        }),
        ...errors(400, 403, 404, 413),
        ...tooManyForgeries,
        ...storeUnavailable,
      },
    }),
    async (c) => {
      const raw = await readBody(c);
      let callback: Awaited<ReturnType<ProcessingClient['verifyCallback']>>;
      try {
        callback = await deps.processing.verifyCallback(raw, c.req.raw.headers);
      } catch (error) {
        if (!(error instanceof CallbackVerificationError)) throw error;
        c.get('log')('warn', 'callback refused', { reason: error.reason });
        if (!FORBIDDEN.has(error.reason)) {
          deps.metrics?.callback(UNVERIFIED, 'invalid');
          throw new ApiError(400, error.reason, 'The callback body is not a known callback.');
        }
        deps.metrics?.callback(UNVERIFIED, 'refused');
        await deps.failures(c, 'failed');
        throw refused();
      }
      const { type } = callback;
      const { changed, outcome } = await applyCallback(deps, callback).catch((error) => {
        // Counted either way: an unknown payment request, or a store that failed (answered 503).
        const unknown = error instanceof ApiError && error.code === UNKNOWN_PAYMENT_REQUEST;
        deps.metrics?.callback(type, unknown ? 'unknown' : 'error');
        throw error;
      });
      deps.metrics?.callback(type, outcome);
      c.get('log')('info', 'callback applied', {
        type: callback.type,
        ...(changed ? { checkout_id: changed.id, status: changed.status } : { changed: false }),
      });
      return c.json({ received: true }, 200);
    },
  );
}
