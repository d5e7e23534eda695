/**
 * deploy/compose as a merchant runs it, with podman-compose (Debian's): three proxies of the
 * image on one PostgreSQL behind HAProxy, against a sandbox on this machine. The proxies become
 * ready and the balancer sends to them, every service confined (read-only root, no capability,
 * no new privileges); a checkout created through the balancer is read back
 * through every proxy, an event stream passes through it as it is written, the sandbox's
 * callback through it reaches them all; one proxy stopped (SIGTERM: its drain) while creates
 * go on through the balancer loses none of them, and the other two carry on; an address's
 * connection over HAProxy's per-address cap is refused. Prometheus loads deploy/prometheus's
 * configuration and alerts and scrapes the three proxies' METRICS_PORT.
 */

import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf, readCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { describeLeaks, findLeaks } from '@crypto-pay/test-kit/leaks';
import { freePort } from '@crypto-pay/test-kit/process';
import { createWithKey, type Failure } from '@crypto-pay/test-kit/retried-requests';
import { PERSONAL_SENTINELS } from '@crypto-pay/test-kit/senders';
import { composeForTest, DEPLOY, type Manifest, readCompose } from './deploy-files.ts';
import {
  askInside,
  assertConfined,
  credentials,
  databasePassword,
  deployRun,
  envFileOf,
  proxySettings,
  READY_WITHIN_MS,
  untilReadyInside,
} from './deploy-stack.ts';
import { containersConf, podman, podmanOk, runToEnd } from './podman.ts';
import { BUILD_TIMEOUT_MS, containerLogs, healthy, PROXY_IMAGE } from './proxy-container.ts';

/** Open connections from one address haproxy.cfg lets through (its stick table's limit). */
const PER_ADDRESS_CAP = 256;
/** compose.yaml's stop_grace_period in seconds (`35s`; podman-compose does not apply it). */
const STOP_GRACE_SECONDS = Number.parseInt(readCompose().services['proxy-1'].stop_grace_period, 10);

const project = `crypto-pay-deploy-${randomBytes(4).toString('hex')}`;
const network = `${project}_default`;
const containerOf = (service: string) => `${project}_${service}_1`;
const PROXIES = ['proxy-1', 'proxy-2', 'proxy-3'];
const SERVICES = [...PROXIES, 'postgres', 'balancer', 'prometheus'];
const run = deployRun('compose', {
  label: `io.podman.compose.project=${project}`,
  networks: [network],
});
const { dir, control } = run;
const composeFile = join(dir, 'compose.yaml');

let balancerUrl = '';
let prometheusUrl = '';

/** podman-compose on the test's copy of the Compose file, podman configured as this machine needs. */
async function compose(args: string[]): Promise<void> {
  const result = await runToEnd(
    'podman-compose',
    ['--project-name', project, '--file', composeFile, ...args],
    { env: containersConf(dir) },
  );
  if (result.status !== 0) {
    throw new Error(`podman-compose ${args.join(' ')} exited ${result.status}:\n${result.stderr}`);
  }
}

/** The last state HAProxy logged for each server it balances (`UP`, `DOWN`). */
async function balancerStates(): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  const logs = await containerLogs(containerOf('balancer'));
  const lines = /Server proxies\/([\w.-]+) (?:\('[^']*'\) )?is (?:going )?(UP|DOWN)/g;
  for (const [, server, state] of logs.matchAll(lines)) states.set(server!, state!);
  return states;
}

/**
 * Which proxies served `count` requests sent through the balancer: each goes with an
 * X-Request-Id of its own, which the proxy that answers it logs.
 */
async function proxiesServing(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `deploy-${randomBytes(8).toString('hex')}`);
  for (const id of ids) {
    const answer = await send(`${balancerUrl}/api/config`, { headers: { 'x-request-id': id } });
    assert.equal(answer.status, 200, answer.text);
  }
  const serving: string[] = [];
  for (const proxy of PROXIES) {
    const logs = await containerLogs(containerOf(proxy));
    if (ids.some((id) => logs.includes(`"request_id":"${id}"`))) serving.push(proxy);
  }
  return serving;
}

describe('deploy/compose: three proxies on PostgreSQL behind HAProxy', () => {
  before(
    async () => {
      const images = await run.images();
      const definition = readCompose();
      writeFileSync(
        composeFile,
        composeForTest(definition, {
          'crypto-pay-proxy': PROXY_IMAGE,
          'postgres:15': images.postgres,
          'haproxy:2.6': images.haproxy,
          [definition.services.prometheus.image]: images.prometheus,
        }),
      );
      copyFileSync(join(DEPLOY, 'compose/haproxy.cfg'), join(dir, 'haproxy.cfg'));
      const balancerPort = await freePort();
      balancerUrl = `http://127.0.0.1:${balancerPort}`;
      const prometheusPort = await freePort();
      prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
      writeFileSync(
        join(dir, '.env'),
        `POSTGRES_PASSWORD=${databasePassword}\nBALANCER_PORT=${balancerPort}\n` +
          `PROMETHEUS_PORT=${prometheusPort}\n`,
      );
      // The database first: it makes the network, whose gateway the sandbox listens on.
      writeFileSync(join(dir, 'proxy.env'), '');
      await compose(['up', '-d', 'postgres']);
      await eventually(
        () => healthy(containerOf('postgres')),
        "PostgreSQL's healthcheck to pass",
        READY_WITHIN_MS,
      );
      const sandbox = await run.startSandbox(network);
      writeFileSync(join(dir, 'proxy.env'), envFileOf(proxySettings(sandbox.url)));
      const wired = await control()('/merchant', {
        callback_url: `${balancerUrl}/callbacks/processing`,
      });
      assert.equal(wired.status, 200, `cannot set the sandbox's callback URL: ${wired.text}`);
      await compose(['up', '-d']);
    },
    { timeout: BUILD_TIMEOUT_MS },
  );

  after(() => run.end());

  it('starts three proxies that become ready, and the balancer sends to each', async () => {
    for (const proxy of PROXIES) await untilReadyInside(containerOf(proxy), proxy);
    // A proxy HAProxy saw failing while it started is back once its checks pass.
    await eventually(
      async () => [...(await balancerStates()).values()].every((state) => state === 'UP'),
      'HAProxy to hold every proxy UP',
      READY_WITHIN_MS,
    );
    assert.deepEqual(await proxiesServing(6), PROXIES);
  });

  it("loads Prometheus's alerts and scrapes every proxy's metrics", async () => {
    const api = async (path: string) => {
      const answer = await send(`${prometheusUrl}/api/v1/${path}`).catch(() => undefined);
      return answer?.status === 200 ? (answer.json as { data: Manifest }).data : undefined;
    };
    const rules = await eventually(
      async () => (await api('rules'))?.groups as Manifest[] | undefined,
      'Prometheus to answer with its rules',
      READY_WITHIN_MS,
    );
    const names = rules.flatMap((group) => group.rules.map((rule: Manifest) => rule.name));
    assert.ok(names.includes('CryptoPayWebhooksBackingUp'), names.join(', '));
    await eventually(
      async () => {
        const targets = ((await api('targets'))?.activeTargets ?? []) as Manifest[];
        const proxies = targets.filter((target) => target.labels.job === 'crypto-pay-proxy');
        return proxies.length === 3 && proxies.every((target) => target.health === 'up');
      },
      'Prometheus to scrape the three proxies',
      READY_WITHIN_MS,
    );
  });

  it('runs every service confined: read-only root, no capability, no new privileges', async () => {
    for (const service of SERVICES) {
      await assertConfined(containerOf(service));
    }
    // Not root either: the images' own users (the proxy's node, haproxy, Prometheus's nobody)
    // and postgres's 999.
    for (const service of SERVICES) {
      const user = await podman(['exec', containerOf(service), 'id', '-u']);
      assert.notEqual(user.stdout.trim(), '0', `${service} runs as root`);
    }
  });

  it("refuses an address's connection over HAProxy's cap, and takes it again once it has closed", async () => {
    // haproxy.cfg: `tcp-request connection reject if { sc0_conn_cur gt 256 }`. Rejected at
    // accept, before any byte of a request: the one over the cap is closed, and no other.
    // Here, before any test's stream or callback, no other connection from this machine is
    // open: of 257, one is refused. Which one is HAProxy's: its threads accept in batches and
    // apply the rule in the order they run, not always in the order of the connects.
    const port = Number(new URL(balancerUrl).port);
    const sockets: Socket[] = [];
    const closed: number[] = [];
    try {
      for (let index = 0; index <= PER_ADDRESS_CAP; index++) {
        const socket = connect(port, '127.0.0.1');
        sockets.push(socket);
        socket.on('error', () => {});
        socket.on('close', () => closed.push(index));
        // The one refused may be reset before its connect completes.
        await new Promise((settled) => {
          socket.once('connect', settled);
          socket.once('close', settled);
        });
      }
      await eventually(() => closed.length > 0, 'HAProxy to close the connection over its cap');
      assert.equal(closed.length, 1, `of ${sockets.length}, closed: ${closed.join(', ')}`);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
    await eventually(
      async () => (await send(`${balancerUrl}/api/config`).catch(() => undefined))?.status === 200,
      'HAProxy to take the address again',
    );
  });

  let checkout: Checkout;

  it('reads a checkout created through the balancer back through every proxy', async () => {
    checkout = await createdCheckout(balancerUrl, {
      product: undefined,
      amount: '25.00',
      currency: 'EUR',
    });
    for (const proxy of PROXIES) {
      const answer = await askInside(containerOf(proxy), `/api/checkouts/${checkout.id}`);
      assert.equal(answer.status, 200, `${proxy}: ${answer.text}`);
      assert.equal((answer.json as Checkout).amount, '25.00');
    }
  });

  it('passes an event stream through as it is written', async () => {
    const stream = await fetch(`${balancerUrl}/api/checkouts/${checkout.id}/events`, {
      headers: { accept: 'text/event-stream' },
    });
    assert.equal(stream.status, 200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    // The proxy writes the checkout at once and keeps the stream open: a balancer that
    // buffered the response would hold this first event back.
    let received = '';
    while (!received.includes('\n\n')) {
      const { value, done } = await reader.read();
      assert.ok(!done, `the stream ended before its first event: ${received}`);
      received += value;
    }
    assert.match(received, new RegExp(`"id":"${checkout.id}"`));
    await reader.cancel();
  });

  it("takes the sandbox's callback through the balancer; every proxy reads it", async () => {
    const request = await paymentRequestOf({ control: control() }, checkout);
    const paid = await control()(`/payment-requests/${request.id}/simulate`, { outcome: 'paid' });
    assert.equal(paid.status, 200, paid.text);
    for (const proxy of PROXIES) {
      await eventually(async () => {
        const answer = await askInside(containerOf(proxy), `/api/checkouts/${checkout.id}`);
        return (answer.json as Checkout | undefined)?.status === 'paid';
      }, `${proxy} to read the checkout paid`);
    }
  });

  // Every request of this file comes from this one machine, so through one address of
  // HAProxy's per-address cap (256 open at once): the creates below go one after another, and
  // the reads, the one event stream and the callback above are closed or sequential too, far
  // under it.
  it('loses no create while one proxy drains and stops; the others carry on', async () => {
    const stopped = containerOf('proxy-1');
    let stopping = true;
    // Each create carries its Idempotency-Key and is tried again with it after a reset or a
    // 502/503/504, as the widget does: a retry must get its checkout, never a second one.
    const retried: Failure[] = [];
    const ids: string[] = [];
    const creates = (async () => {
      while (stopping) {
        const { checkout } = await createWithKey(balancerUrl, `drain-${randomUUID()}`, retried, {
          product: undefined,
          amount: '10.00',
          currency: 'EUR',
        });
        ids.push(checkout.id);
      }
    })();
    const stop = await podman(['stop', '--time', String(STOP_GRACE_SECONDS), stopped]);
    stopping = false;
    await creates;
    assert.equal(stop.status, 0, stop.stderr);
    const exitCode = await podmanOk(['inspect', '--format', '{{.State.ExitCode}}', stopped]);
    assert.equal(exitCode, '0', `${stopped} exited ${exitCode}`);
    const drain = readCompose().services['proxy-1'].environment.SHUTDOWN_DRAIN_MS;
    assert.match(
      await containerLogs(stopped),
      new RegExp(`"message":"draining".*"drain_ms":${drain}`),
    );
    assert.ok(ids.length > 0);
    assert.equal(new Set(ids).size, ids.length, 'one checkout per key');
    // Tries that failed and were retried (most runs have none): named for whoever reads a log.
    if (retried.length > 0)
      console.log(`creates retried with their key: ${JSON.stringify(retried)}`);
    for (const id of ids.slice(-5)) assert.equal((await readCheckout(balancerUrl, id)).status, 200);
    await eventually(
      async () => (await balancerStates()).get('proxy-1') === 'DOWN',
      'HAProxy to take proxy-1 out',
    );
    assert.deepEqual(await proxiesServing(6), ['proxy-2', 'proxy-3']);
    for (let round = 0; round < 4; round++) {
      const created = await createdCheckout(balancerUrl, {
        product: undefined,
        amount: '11.00',
        currency: 'EUR',
      });
      assert.equal((await readCheckout(balancerUrl, created.id)).status, 200);
    }
    const earlier = await readCheckout(balancerUrl, checkout.id);
    assert.equal((earlier.json as Checkout).status, 'paid');
  });

  it('logs neither the signing secret, the database password nor sender data', async () => {
    const texts = await Promise.all(
      SERVICES.map(async (service) => ({
        where: `${service} logs`,
        text: await containerLogs(containerOf(service)),
      })),
    );
    const leaks = findLeaks(texts, [
      credentials.signingSecret,
      databasePassword,
      ...PERSONAL_SENTINELS,
    ]);
    assert.deepEqual(leaks, [], describeLeaks(leaks));
  });
});
