/**
 * Upstream economy: widgets load the configuration, create a checkout, then follow it both by
 * polling (with ETag) and by its event stream until the sandbox plays the payment. A counting
 * forwarder in front of the sandbox records every upstream call. The baseline is what a
 * pass-through proxy would send: one upstream call per widget request that needs service data.
 */

import { isFinalStatus } from '@crypto-pay/protocol/checkout-status';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { messagesOf, openEventStream } from '@crypto-pay/test-kit/event-streams';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import type { BenchmarkResult } from './report.ts';

const WIDGETS = 20;
const POLL_MS = 250;

/** Follows a checkout's event stream until a final status; resolves with the events seen. */
async function follow(url: string): Promise<number> {
  const stream = await openEventStream(url, { timeoutMs: 120_000 });
  try {
    const text = await stream.until((so) =>
      messagesOf(so).some((message) => isFinalStatus((message.data as Checkout).status)),
    );
    return messagesOf(text).length;
  } finally {
    stream.close();
  }
}

/** One widget's life: config, create, then poll and stream until the payment is final. */
async function widget(stack: Stack, counts: { proxyReads: number; polls: number }) {
  await send(`${stack.proxy.url}/api/config`);
  const checkout = await createdCheckout(stack.proxy.url);
  counts.proxyReads += 2;
  const streamed = follow(`${stack.proxy.url}/api/checkouts/${checkout.id}/events`);
  let etag: string | undefined;
  let done = false;
  const polling = (async () => {
    while (!done) {
      const answer = await send(`${stack.proxy.url}/api/checkouts/${checkout.id}`, {
        headers: etag ? { 'If-None-Match': etag } : {},
      });
      counts.polls++;
      if (answer.status === 200) {
        etag = String(answer.headers.etag);
        if (isFinalStatus((answer.json as Checkout).status)) done = true;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  // The customer pays a second later, on the sandbox's hosted page.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const paymentRequest = await paymentRequestOf(stack, checkout);
  await stack.control(`/payment-requests/${paymentRequest.id}/simulate`, { outcome: 'paid' });
  await streamed;
  await eventually(() => done, 'the poll to see the payment');
  await polling;
}

export async function upstreamEconomy(): Promise<BenchmarkResult> {
  const stack = await startStack({ counting: true });
  try {
    const counts = { proxyReads: 0, polls: 0 };
    await Promise.all(Array.from({ length: WIDGETS }, () => widget(stack, counts)));
    const forwarder = stack.forwarder!;
    const creates = forwarder.count('POST', '/api/payments/v1/requests');
    const currencyLists = forwarder.count('POST', '/api/v2/currencies/list');
    const others = forwarder.requests.length - creates - currencyLists;
    // A pass-through proxy asks the service for each config load, create and status read.
    const naive = counts.proxyReads + counts.polls;
    return {
      benchmark: 'upstream economy',
      figures: [
        {
          name: 'creates per checkout',
          value: creates / WIDGETS,
          unit: 'calls',
          baseline: { name: 'minimum', value: 1 },
          target: { text: 'exactly 1', met: creates === WIDGETS },
        },
        {
          name: `currency lists for ${WIDGETS} config loads`,
          value: currencyLists,
          unit: 'calls',
          baseline: { name: 'uncached', value: WIDGETS },
          target: { text: 'served from cache (1)', met: currencyLists === 1 },
        },
        {
          name: 'other upstream calls per checkout',
          value: others / WIDGETS,
          unit: 'calls',
        },
        {
          name: 'upstream calls, all widgets',
          value: forwarder.requests.length,
          unit: 'calls',
          baseline: { name: 'pass-through', value: naive },
        },
      ],
      notes: [
        `${WIDGETS} widgets at once, each loading /api/config, creating a checkout, polling it every ${POLL_MS} ms with If-None-Match (${counts.polls} polls in all) and following its event stream until the sandbox played the payment.`,
        'Status reaches the proxy only through callbacks, so polls and streams cost no upstream call.',
      ],
    };
  } finally {
    await stack.stop();
  }
}
