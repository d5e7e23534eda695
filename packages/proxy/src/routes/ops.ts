/**
 * Operations: `/healthz` (the process answers), `/readyz` (the store and the processing
 * service answer; 503 otherwise or while shutting down) and `/openapi.json`.
 */

import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { openApiDocument } from '../openapi.ts';
import type { Store } from '../store/store.ts';
import type { ProcessingClient } from '../upstream.ts';

export interface OpsDeps {
  store: Store;
  processing: Pick<ProcessingClient, 'listCurrencies'>;
  /** True once shutdown began: the load balancer should stop sending traffic. */
  isShuttingDown: () => boolean;
  /** Longest wait for the service's answer in /readyz. */
  probeTimeoutMs: number;
}

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'failing'> {
  try {
    await probe();
    return 'ok';
  } catch {
    return 'failing';
  }
}

export function opsRoutes(deps: OpsDeps) {
  const document = openApiDocument();
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }, 200))
    .get('/readyz', async (c) => {
      if (deps.isShuttingDown()) {
        return c.json({ error: 'The proxy is shutting down.', code: 'shutting_down' }, 503);
      }
      const [store, upstream] = await Promise.all([
        check(() => deps.store.ping()),
        // A probe must answer quickly: no waiting through the client's retries.
        check(() =>
          deps.processing.listCurrencies({ signal: AbortSignal.timeout(deps.probeTimeoutMs) }),
        ),
      ]);
      if (store === 'ok' && upstream === 'ok') {
        return c.json({ status: 'ready', store, upstream }, 200);
      }
      return c.json({ error: 'The proxy is not ready.', code: 'not_ready', store, upstream }, 503);
    })
    .get('/openapi.json', (c) => c.json(document, 200));
}
