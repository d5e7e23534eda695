// `crypto-pay trigger checkout.stale` against a stand-in proxy and sandbox: the sandbox's
// callbacks dropped while it waits, and its faults put back as they were however it ends.
import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import type { WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { checkoutEvent } from '@crypto-pay/test-kit/webhook-events';
import {
  answerJson,
  type RunOptions,
  runCli,
  STREAM_HEAD,
  standIn,
} from '../../testing.test-helpers.ts';

/** Faults other than the defaults, so that only a whole put-back restores them. */
const FAULTS = {
  latency_ms: 5,
  fail_next: 0,
  status: 503,
  drop_connection: false,
  drop_callbacks: false,
};

const bodyOf = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as Record<string, unknown>;
};

/**
 * A sandbox that keeps its faults (`refuseRestore`: answers 500 to the put-back), and a proxy
 * that writes the checkout's checkout.created, then checkout.stale when `stales` and the
 * sandbox's callbacks were dropped when the checkout was created.
 */
async function staleStack({ stales = true, refuseRestore = false } = {}) {
  let faults: Record<string, unknown> = { ...FAULTS };
  const posted: Record<string, unknown>[] = [];
  const sandbox = await standIn(async (request, response) => {
    if (request.url === '/_sandbox/clock') {
      return answerJson(response, 200, { now: 1_800_000_000, offset_seconds: 0 });
    }
    if (request.url !== '/_sandbox/faults') return answerJson(response, 404, {});
    if (request.method === 'GET') return answerJson(response, 200, faults);
    const body = await bodyOf(request);
    posted.push(body);
    if (refuseRestore && posted.length > 1) {
      return answerJson(response, 500, { error: 'The sandbox broke.', code: 'broken' });
    }
    faults = body;
    answerJson(response, 200, faults);
  });
  const created = checkoutEvent('trigger-stale', 'created', 1);
  const stale: WebhookEvent = {
    ...created,
    id: checkoutEvent('trigger-stale', 'created', 1).id,
    type: 'checkout.stale',
    data: { ...created.data, stale_since: 1_800_000_000 },
  };
  let stream: ServerResponse | undefined;
  const write = (event: WebhookEvent) =>
    stream?.write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
  const proxy = await standIn((request, response) => {
    const path = request.url ?? '';
    if (path === '/admin/processing') {
      return answerJson(response, 200, {
        base_url: `${sandbox.url}/api/v2`,
        payments_base_url: `${sandbox.url}/api/payments/v1`,
      });
    }
    if (path.startsWith('/admin/events/stream')) {
      stream = response.writeHead(200, STREAM_HEAD);
      return response.write(': ready\n\n');
    }
    if (path === '/api/config') {
      return answerJson(response, 200, {
        payment_currencies: [{ iso: 'BTC', network_name: 'bitcoin' }],
        products: {},
        open_amount: null,
      });
    }
    if (path === '/admin/checkout-sessions') return answerJson(response, 201, { session: 's' });
    if (path === '/api/checkouts') {
      answerJson(response, 201, { id: created.data.id });
      write(created);
      if (stales && faults.drop_callbacks === true) write(stale);
      return;
    }
    return answerJson(response, 200, created.data);
  });
  return {
    proxy,
    stale,
    /** The bodies of POST /_sandbox/faults, and the faults now. */
    faults: () => ({ posted, now: faults }),
    run: (args: string[], options?: RunOptions) =>
      runCli(['trigger', 'checkout.stale', ...args, '--proxy', proxy.url], options),
    close: async () => {
      await proxy.close();
      await sandbox.close();
    },
  };
}

/** Dropped while it ran, then every fault put back as it was. */
const droppedThenRestored = { posted: [{ ...FAULTS, drop_callbacks: true }, FAULTS], now: FAULTS };

describe('crypto-pay trigger checkout.stale', () => {
  it("drops the sandbox's callbacks until it arrives, then puts the faults back as they were", async () => {
    const stack = await staleStack();
    try {
      const ran = await stack.run([]);
      assert.equal(ran.code, 0, ran.stderr);
      assert.match(ran.stdout, new RegExp(`checkout\\.stale +${stack.stale.id} `));
      assert.match(
        ran.stderr,
        /The sandbox at http:\/\/127\.0\.0\.1:\d+ drops its callbacks until checkout\.stale arrives; its faults are put back after\./,
      );
      assert.deepEqual(stack.faults(), droppedThenRestored);
    } finally {
      await stack.close();
    }
  });

  it('not in time: exit 1 with what the proxy needs for one on demand, the faults put back', async () => {
    const stack = await staleStack({ stales: false });
    try {
      const ran = await stack.run(['--timeout', '1']);
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(
        ran.stderr,
        /checkout\.stale did not arrive within 1 s \(arrived: checkout\.created\): the proxy calls a checkout stale STALE_AFTER_SECONDS after its payment request's expiry by the proxy's own clock; for one on demand, run the sandbox with SANDBOX_CLOCK_SKEW_SECONDS=-700 and the proxy with PAYMENT_LIFETIME_SECONDS=300 STALE_AFTER_SECONDS=1 STALE_SWEEP_INTERVAL_MS=200\.\n$/,
      );
      assert.deepEqual(stack.faults(), droppedThenRestored);
    } finally {
      await stack.close();
    }
  });

  it('stopped (Ctrl-C) while it waits: exit 1, the faults put back all the same', async () => {
    const stack = await staleStack({ stales: false });
    const stop = new AbortController();
    try {
      const ran = await stack.run([], {
        signal: stop.signal,
        onStdout: (printed) => {
          if (printed.includes('checkout.created')) stop.abort();
        },
      });
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(
        ran.stderr,
        /Stopped before checkout\.stale arrived \(arrived: checkout\.created\)\./,
      );
      assert.deepEqual(stack.faults(), droppedThenRestored);
    } finally {
      await stack.close();
    }
  });

  it('says how to put the faults back when the sandbox refuses to, with exit 1', async () => {
    const stack = await staleStack({ refuseRestore: true });
    try {
      const ran = await stack.run(['--json']);
      assert.equal(ran.code, 1, ran.stderr);
      // The event came, and is printed; the sandbox left dropping callbacks is the failure.
      assert.equal((JSON.parse(ran.stdout) as WebhookEvent[]).at(-1)?.type, 'checkout.stale');
      assert.match(
        ran.stderr,
        /The sandbox's faults could not be put back as they were \(The sandbox at (\S+) refused POST \/_sandbox\/faults \(500 broken\): The sandbox broke\.\); put them back with POST \1\/_sandbox\/faults \{"latency_ms":5,"fail_next":0,"status":503,"drop_connection":false,"drop_callbacks":false\}\.\n$/,
      );
    } finally {
      await stack.close();
    }
  });
});
