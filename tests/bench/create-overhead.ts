/**
 * Create overhead: `POST /api/checkouts` through the proxy against the same payment request
 * signed and sent straight to the sandbox, alternated one by one so both see the same machine.
 * The proxy's added cost is the difference of the medians (and of the p99s). A third path
 * sends the signed request through a bare forwarding server: what one more hop costs here,
 * the floor under any proxy's figure. It runs once per store (`BENCH_DATABASE`): the proxy's
 * own work differs by its insert, SQLite's file or a PostgreSQL transaction. Each round also
 * times what the store's writes cost alone on this machine, so the run carries the floor under
 * its target: one durable SQLite commit beside the proxy's file, or one PostgreSQL round trip
 * (a create makes two: the rate take, then the write). The proxy's CPU time per create, against
 * the sandbox's per call, is the proxy's own work apart from how fast the host answers that round.
 */

import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { signedHeadersSync } from '@crypto-pay/protocol/node';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { openRoundTripProbe } from '@crypto-pay/test-kit/postgres';
import { cpuSecondsOf } from '@crypto-pay/test-kit/process';
import { SENDER, SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import { startStack } from '@crypto-pay/test-kit/stack';
import { openCommitProbe } from '@crypto-pay/test-kit/store-file';
import { startBareServer } from './bare.ts';
import { type BenchDatabase, DATABASE_LABEL, withDatabase } from './databases.ts';
import { type BenchmarkResult, median, percentile } from './report.ts';
import { keepAlive, timedRequest, WARM_UP_CREATES } from './timed.ts';

/**
 * Most a create through the proxy may add at the median (issue 32), ms: on SQLite its one commit
 * is a local fsync; on PostgreSQL its writes are two round trips (the rate take, then the rest).
 */
const TARGET_MS: Record<BenchDatabase, number> = { sqlite: 1, postgres: 2 };

/** The store's writes alone, timed once a round: `store()` waits as a create waits for each. */
interface StoreProbe {
  /** The figure's name. */
  name: string;
  /** How many of it a create waits for. */
  perCreate: number;
  /** Those writes, as the floor's name and note say them. */
  writes: string;
  store(): void | Promise<void>;
  close(): void | Promise<void>;
}

async function storeProbe(
  database: BenchDatabase,
  proxyEnv: Record<string, string>,
  databaseFile: string,
): Promise<StoreProbe> {
  if (database === 'sqlite') {
    const probe = openCommitProbe(dirname(databaseFile));
    return {
      name: 'a durable commit alone (one row, synchronous FULL) beside the proxy file',
      perCreate: 1,
      writes: 'the commit',
      store: probe.commit,
      close: probe.close,
    };
  }
  const probe = await openRoundTripProbe(proxyEnv.DATABASE_URL!);
  return {
    name: 'a PostgreSQL round trip alone (SELECT 1)',
    perCreate: 2,
    writes: '2 round trips',
    store: probe.roundTrip,
    close: probe.close,
  };
}

/** The payment request the proxy sends for the `kettle` product, with a fresh foreign_id. */
function directBody(): string {
  return JSON.stringify({
    amount: '25.00',
    currency: { iso: 'EUR' },
    life_time_duration: 3600,
    end_user_reference: 'a'.repeat(64),
    sender_type: SENDER.sender_type,
    sender_data: SENDER.sender_data,
    foreign_id: randomUUID(),
    payment_currency: { iso: 'BTC', network_name: 'bitcoin' },
    end_user_email: SENDER_EMAIL,
    description: 'Pour-over kettle',
    url_success: 'https://shop.example/success',
    url_failed: 'https://shop.example/failed',
  });
}

export function createOverhead(samples: number, database: BenchDatabase): Promise<BenchmarkResult> {
  return withDatabase(database, (proxyEnv) => measure(samples, database, proxyEnv));
}

async function measure(
  samples: number,
  database: BenchDatabase,
  proxyEnv: Record<string, string>,
): Promise<BenchmarkResult> {
  const stack = await startStack({ keepStdout: false, proxyEnv });
  const forwarder = await startBareServer({ MODE: 'forward', TARGET: stack.sandbox.url });
  let probe: StoreProbe | undefined;
  try {
    probe = await storeProbe(database, proxyEnv, stack.databaseFile);
    const viaProxy = keepAlive();
    const direct = keepAlive();
    const forwarded = keepAlive();
    const proxyBody = JSON.stringify(checkoutBody());
    const proxyTimes: number[] = [];
    const directTimes: number[] = [];
    const hopTimes: number[] = [];
    const storeTimes: number[] = [];
    const cpuOf = () => Promise.all([stack.proxy.pid, stack.sandbox.pid].map(cpuSecondsOf));
    let cpuAtStart: number[] = [];
    const signed = (base: string, agent: ReturnType<typeof keepAlive>) => {
      const body = directBody();
      return timedRequest(`${base}/api/payments/v1/requests`, agent, {
        headers: {
          'Content-Type': 'application/json',
          ...signedHeadersSync(stack.credentials.apiKey, stack.credentials.signingSecret, body),
        },
        body,
      });
    };
    for (let i = 0; i < WARM_UP_CREATES + samples; i++) {
      if (i === WARM_UP_CREATES) cpuAtStart = await cpuOf();
      const [a, b, c] = [
        await timedRequest(`${stack.proxy.url}/api/checkouts`, viaProxy, {
          headers: { 'Content-Type': 'application/json' },
          body: proxyBody,
        }),
        await signed(stack.sandbox.url, direct),
        await signed(forwarder.url, forwarded),
      ];
      if (a.status !== 201) throw new Error(`proxy create answered ${a.status}: ${a.text}`);
      if (b.status !== 200) throw new Error(`sandbox create answered ${b.status}: ${b.text}`);
      if (c.status !== 200) throw new Error(`forwarded create answered ${c.status}: ${c.text}`);
      const stored = performance.now();
      await probe.store();
      if (i < WARM_UP_CREATES) continue;
      storeTimes.push(performance.now() - stored);
      proxyTimes.push(a.ms);
      directTimes.push(b.ms);
      hopTimes.push(c.ms);
    }
    const cpuAtEnd = await cpuOf();
    // ms per create: the proxy makes one a round; the sandbox answers three (each way's).
    const proxyCpu = ((cpuAtEnd[0]! - cpuAtStart[0]!) * 1000) / samples;
    const sandboxCpu = ((cpuAtEnd[1]! - cpuAtStart[1]!) * 1000) / (3 * samples);
    viaProxy.destroy();
    direct.destroy();
    forwarded.destroy();
    const added = median(proxyTimes) - median(directTimes);
    const hop = median(hopTimes) - median(directTimes);
    const floor = hop + probe.perCreate * median(storeTimes);
    return {
      benchmark: `create overhead, ${DATABASE_LABEL[database]}`,
      figures: [
        {
          name: 'added at median',
          value: added,
          unit: 'ms',
          baseline: { name: 'direct median', value: median(directTimes) },
          target: { text: `<= ${TARGET_MS[database]} ms`, met: added <= TARGET_MS[database] },
        },
        {
          name: 'added at p99',
          value: percentile(proxyTimes, 99) - percentile(directTimes, 99),
          unit: 'ms',
          baseline: { name: 'direct p99', value: percentile(directTimes, 99) },
        },
        {
          name: 'added by a bare forwarding hop (floor), median',
          value: hop,
          unit: 'ms',
          baseline: { name: 'direct median', value: median(directTimes) },
        },
        { name: `${probe.name}, median`, value: median(storeTimes), unit: 'ms' },
        {
          name: `floor: the hop and ${probe.writes}`,
          value: floor,
          unit: 'ms',
          baseline: { name: 'target', value: TARGET_MS[database] },
        },
        {
          name: 'proxy CPU per create (user and system)',
          value: proxyCpu,
          unit: 'ms',
          baseline: { name: 'sandbox CPU per create', value: sandboxCpu },
        },
        {
          name: 'proxy create median',
          value: median(proxyTimes),
          unit: 'ms',
          baseline: { name: 'direct median', value: median(directTimes) },
        },
      ],
      notes: [
        `${samples} creates each way after ${WARM_UP_CREATES} warm-up rounds, one at a time over keep-alive connections, in turn through the proxy, straight to the sandbox and through a bare forwarding server (node:http piping request and answer, no parsing).`,
        `The proxy path includes validation, pricing, its own signed upstream call to the sandbox, and the ${DATABASE_LABEL[database]} insert${database === 'postgres' ? ' (a throwaway local cluster, fsync off, over TCP on loopback; pool of 10)' : ''}.`,
        `CPU time is read from /proc over the counted rounds: the proxy's per create, and the sandbox's per call (it answers each round's three), as the same create costs a server that checks, signs and answers it.`,
        `The floor is what no proxy that keeps a create before answering can add less than here: the bare hop, and ${probe.writes}, each timed alone after every round. Whatever the target leaves above it is all the proxy's own work may take (reading and checking the body, pricing, signing, the upstream client, the answer).`,
      ],
    };
  } finally {
    await probe?.close();
    await forwarder.stop();
    await stack.stop();
  }
}
