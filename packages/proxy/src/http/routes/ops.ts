/**
 * Operations: `/healthz` (the process answers, and its release) and `/readyz` (the store can write and the
 * processing service answers; 503 otherwise or while shutting down). `/openapi.json` is
 * `openapi/document.ts`'s.
 */

import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { type ProcessingClient, upstreamFailureLogged } from '../../checkout/upstream.ts';
import { healthSchema, notReadySchema, readySchema } from '../../openapi/answers.ts';
import { ok, ref } from '../../openapi/operations.ts';
import type { Log } from '../../process/logger.ts';
import type { Store } from '../../store/store.ts';
import { storeUnavailableReason } from '../../store/unavailable.ts';
import { PROXY_VERSION } from '../../version.ts';
import type { AppEnv } from '../context.ts';

export interface OpsDeps {
  store: Store;
  processing: Pick<ProcessingClient, 'listCurrencies'>;
  /** True once shutdown began: the load balancer should stop sending traffic. */
  isShuttingDown: () => boolean;
  /** Longest wait for the service's answer in /readyz. */
  probeTimeoutMs: number;
  /** The processing service's origin (`PROCESSING_BASE_URL`'s), which a timed-out probe names. */
  serviceOrigin: string;
  /** A monotonic clock in milliseconds: a wall clock stepped back would freeze the probes. */
  monotonicNow: () => number;
  log: Log;
}

/** How long one probe's answer serves every /readyz. */
const PROBE_REUSE_MS = 5000;
/**
 * How long a failed probe's answer serves: shorter than any balancer's check interval, so each
 * check asks again and one slow answer is one failed check, not the several a balancer's `fall`
 * counts before it takes the proxy out.
 */
const FAILURE_REUSE_MS = 1000;

async function check(
  probe: () => Promise<unknown>,
  onFailure: (error: unknown) => void = () => {},
): Promise<'ok' | 'failing'> {
  try {
    await probe();
    return 'ok';
  } catch (error) {
    onFailure(error);
    return 'failing';
  }
}

/**
 * A probe run one at a time and its result reused for a few seconds: /readyz is often
 * reachable from anywhere, each probe of the service is a signed call on the merchant's key,
 * and each probe of the store a write that reaches the disk.
 */
function sharedProbe(
  probe: () => Promise<unknown>,
  now: () => number,
  onFailure?: (error: unknown) => void,
) {
  let last: { at: number; result: Promise<'ok' | 'failing'>; reuseMs: number } | undefined;
  return () => {
    if (!last || now() - last.at >= last.reuseMs) {
      const probed = { at: now(), result: check(probe, onFailure), reuseMs: PROBE_REUSE_MS };
      void probed.result.then((result) => {
        // Reused from its answer on: one that timed out after 3 s is as fresh as a quick one.
        probed.at = now();
        if (result === 'failing') probed.reuseMs = FAILURE_REUSE_MS;
      });
      last = probed;
    }
    return last.result;
  };
}

/** The probe's own deadline passed: the client gives up with the signal's reason. */
const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

export function opsRoutes(deps: OpsDeps) {
  // A probe must answer quickly: no waiting through the client's retries. Its failure is
  // logged as the store's is: an orchestrator takes the proxy out on it, and the on-call
  // engineer reads why (a refused key, a name that does not resolve, a service answering 5xx).
  const upstreamProbe = sharedProbe(
    () => deps.processing.listCurrencies({ signal: AbortSignal.timeout(deps.probeTimeoutMs) }),
    deps.monotonicNow,
    (error) =>
      deps.log(
        'error',
        'processing service check failed',
        isTimeout(error)
          ? {
              upstream_reason: 'timeout',
              // The client's own timeout in the same words: whichever deadline passes
              // first, one slow service reads alike here and in the creates' lines.
              upstream_error: `The processing service at ${deps.serviceOrigin} did not answer within ${deps.probeTimeoutMs} ms.`,
            }
          : upstreamFailureLogged(error),
      ),
  );
  const storeProbe = sharedProbe(
    () => deps.store.ping(),
    deps.monotonicNow,
    (error) =>
      deps.log('error', 'store check failed', {
        reason: storeUnavailableReason(error) ?? (error instanceof Error ? error.name : 'unknown'),
        ...(error instanceof Error ? { error_message: error.message } : {}),
      }),
  );
  return new Hono<AppEnv>()
    .get(
      '/healthz',
      describeRoute({
        summary: 'The process answers, and says its release',
        responses: { 200: ok('Alive', healthSchema) },
      }),
      (c) => c.json({ status: 'ok', version: PROXY_VERSION }, 200),
    )
    .get(
      '/readyz',
      describeRoute({
        summary: 'The store can write and the processing service answers',
        responses: {
          200: ok('Ready', readySchema),
          503: ok('shutting_down, or not_ready with which check fails', {
            anyOf: [ref('Error'), notReadySchema],
          }),
        },
      }),
      async (c) => {
        if (deps.isShuttingDown()) {
          return c.json({ error: 'The proxy is shutting down.', code: 'shutting_down' }, 503);
        }
        const [store, upstream] = await Promise.all([storeProbe(), upstreamProbe()]);
        if (store === 'ok' && upstream === 'ok') {
          return c.json({ status: 'ready', store, upstream }, 200);
        }
        return c.json(
          { error: 'The proxy is not ready.', code: 'not_ready', store, upstream },
          503,
        );
      },
    );
}
