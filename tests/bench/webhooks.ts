/**
 * Webhook latency: a `paid` callback signed and posted to the proxy as the sandbox sends it, to
 * the `checkout.paid` webhook's arrival at a receiver in this process that answers at once (p50,
 * p95); and the callback's own answer time on a proxy with webhooks against two alike without,
 * all three running side by side with callbacks in turn (A B C, C B A, …), so a change in the
 * machine's load hits them alike and the two without show this run's noise. One callback at a
 * time: the figures are the pipeline's, not a queue's.
 */

import { newWebhookSecret, signedHeadersSync } from '@crypto-pay/protocol/node';
import {
  createdCheckout,
  linkPath,
  type PaymentRequestRef,
  paymentRequestCallback,
  paymentRequestsByLink,
} from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { DEPLOYED_PROXY_ENV } from './databases.ts';
import { type BenchmarkResult, median, percentile } from './report.ts';
import { keepAlive, timedRequest } from './timed.ts';

const WARM_UP = 20;
/** Creates in flight at once while the checkouts are prepared (not measured). */
const CREATES_AT_ONCE = 8;
const TARGET_P95_MS = 50;
/** "No change beyond noise" on a shared 2-CPU machine: the medians within a fifth. */
const NOISE_RATIO = 1.2;
/** A webhook later than this counts as missed. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** When the receiver got the `checkout.paid` webhook of `foreignId`; undefined if not in time. */
async function paidArrival(receiver: WebhookReceiver, foreignId: string) {
  const arrival = () =>
    receiver.received.find(
      (item) => item.event?.type === 'checkout.paid' && item.event.data.foreign_id === foreignId,
    )?.arrivedAt;
  try {
    return await eventually(
      arrival,
      `the checkout.paid webhook of ${foreignId}`,
      WEBHOOK_TIMEOUT_MS,
    );
  } catch {
    return undefined;
  }
}

/** How many verified webhooks of each type arrived, and how many failed verification. */
function tally(receiver: WebhookReceiver) {
  const byType = new Map<string, number>();
  let invalid = 0;
  for (const { event } of receiver.received) {
    if (event) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
    else invalid++;
  }
  return { byType, invalid };
}

/** `count` checkouts created on `stack`, as the sandbox's payment requests behind them. */
async function payable(stack: Stack, count: number): Promise<PaymentRequestRef[]> {
  const links: string[] = [];
  for (let made = 0; made < count; made += CREATES_AT_ONCE) {
    const batch = Array.from({ length: Math.min(CREATES_AT_ONCE, count - made) }, () =>
      createdCheckout(stack.proxy.url),
    );
    for (const checkout of await Promise.all(batch)) links.push(checkout.payment_link);
  }
  const requests = await paymentRequestsByLink(stack);
  return links.map((link) => {
    const found = requests.get(linkPath(link));
    if (!found) throw new Error(`The sandbox has no payment request for ${link}`);
    return found;
  });
}

/** One proxy of the run: its stack, its keep-alive connection, its payment requests. */
interface Run {
  stack: Stack;
  agent: ReturnType<typeof keepAlive>;
  requests: PaymentRequestRef[];
  /** Its callbacks' answer times after the warm-up, in ms. */
  times: number[];
}

/** A `paid` callback of `request`, signed and posted as the sandbox sends it. */
async function paidCallback({ stack, agent }: Run, request: PaymentRequestRef) {
  const body = paymentRequestCallback(request, 'paid');
  const { apiKey, signingSecret } = stack.credentials;
  const postedAt = performance.now();
  const answer = await timedRequest(`${stack.proxy.url}/callbacks/processing`, agent, {
    headers: {
      'Content-Type': 'application/json',
      ...signedHeadersSync(apiKey, signingSecret, body),
    },
    body,
  });
  if (answer.status !== 200) throw new Error(`callback answered ${answer.status}: ${answer.text}`);
  return { postedAt, ms: answer.ms };
}

export async function webhookLatency(samples: number): Promise<BenchmarkResult> {
  const secret = newWebhookSecret();
  // The test kit's receiver: it notes when each request was in, verifies it with the
  // standardwebhooks library, then answers 204.
  const receiver = await startWebhookReceiver(secret);
  const stacks: Stack[] = [];
  try {
    const start = async (proxyEnv: Record<string, string> = {}) => {
      const stack = await startStack({
        keepStdout: false,
        proxyEnv: { ...DEPLOYED_PROXY_ENV, ...proxyEnv },
      });
      stacks.push(stack);
      return stack;
    };
    const hooked = await start({ WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: secret });
    // Two alike without webhooks: how far apart they land is this run's noise.
    const proxies = [hooked, await start(), await start()];
    const total = WARM_UP + samples;
    const runs: Run[] = [];
    for (const stack of proxies) {
      runs.push({ stack, agent: keepAlive(), requests: await payable(stack, total), times: [] });
    }
    // Every create sends `checkout.created`: let those drain before anything is timed.
    await eventually(
      () => (tally(receiver).byType.get('checkout.created') ?? 0) >= total,
      `${total} checkout.created webhooks`,
      60_000,
    );

    const toWebhook: number[] = [];
    let missed = 0;
    for (let i = 0; i < total; i++) {
      for (const run of i % 2 === 0 ? runs : [...runs].reverse()) {
        const request = run.requests[i]!;
        const { postedAt, ms } = await paidCallback(run, request);
        const arrivedAt =
          run.stack === hooked ? await paidArrival(receiver, request.foreign_id) : undefined;
        if (i < WARM_UP) continue;
        run.times.push(ms);
        if (run.stack !== hooked) continue;
        if (arrivedAt === undefined) missed++;
        else toWebhook.push(arrivedAt - postedAt);
      }
    }
    for (const run of runs) run.agent.destroy();
    const [withHooks, withoutHooks, twin] = runs.map((run) => run.times) as [
      number[],
      number[],
      number[],
    ];

    const received = tally(receiver);
    const p95 = percentile(toWebhook, 95);
    const ratio = median(withHooks) / median(withoutHooks);
    const notes = [
      `${samples} paid callbacks per proxy after ${WARM_UP} unmeasured, one at a time, in turn (A B C, C B A, …) to a proxy with WEBHOOK_URL set (to the test kit's receiver in the bench process, which verifies each request with the standardwebhooks library and answers 204) and two without; each callback signed and posted as the sandbox sends it, over a keep-alive connection.`,
      `Latency to the webhook: from posting the callback to the whole checkout.paid request having reached the receiver. Callback latency: from posting to the proxy's whole answer.`,
      `Webhooks received: ${[...received.byType].map(([type, n]) => `${n} ${type}`).join(', ')}; ${received.invalid} failed verification.`,
    ];
    if (missed > 0) notes.push(`${missed} checkout.paid webhook(s) did not arrive within 10 s.`);
    return {
      benchmark: 'webhooks',
      figures: [
        {
          name: 'callback to webhook, p50',
          value: median(toWebhook),
          unit: 'ms',
          baseline: { name: 'callback answered, no webhooks', value: median(withoutHooks) },
        },
        {
          name: 'callback to webhook, p95',
          value: p95,
          unit: 'ms',
          baseline: { name: 'callback answered, no webhooks', value: percentile(withoutHooks, 95) },
          target: {
            text: `p95 <= ${TARGET_P95_MS} ms, none missed`,
            met: p95 <= TARGET_P95_MS && missed === 0 && received.invalid === 0,
          },
        },
        {
          name: 'callback answered with webhooks, p50',
          value: median(withHooks),
          unit: 'ms',
          baseline: { name: 'without webhooks', value: median(withoutHooks) },
          target: { text: `<= ${NOISE_RATIO}x (noise)`, met: ratio <= NOISE_RATIO },
        },
        {
          name: 'callback answered with webhooks, p95',
          value: percentile(withHooks, 95),
          unit: 'ms',
          baseline: { name: 'without webhooks', value: percentile(withoutHooks, 95) },
        },
        {
          name: 'callback answered, a second proxy without (noise), p50',
          value: median(twin),
          unit: 'ms',
          baseline: { name: 'without webhooks', value: median(withoutHooks) },
        },
      ],
      notes,
    };
  } finally {
    for (const stack of stacks) await stack.stop();
    await receiver.close();
  }
}
