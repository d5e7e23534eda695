/**
 * `crypto-pay listen` against the test kit's stack (the built proxy and sandbox as processes),
 * the built bin as its own process, forwarding to a receiver on 127.0.0.1 that verifies each
 * delivery with the `standardwebhooks` library and the secret listen printed: every event of
 * real checkouts once and in order, a proxy restarted mid-way, a receiver down for a while.
 */

import assert from 'node:assert/strict';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Checkout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type ServerProcess, startServerProcess } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startTcpRelay } from '@crypto-pay/test-kit/tcp-relay';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { adminEvents, CLI_BIN, playedCheckout, runBin } from './bin.ts';

type Outcome = 'paid' | 'failed' | 'expired';

describe('crypto-pay listen', () => {
  let stack: Stack;
  let config: string;
  const running: ServerProcess[] = [];
  const receivers: WebhookReceiver[] = [];
  before(async () => {
    config = await mkdtemp(join(tmpdir(), 'crypto-pay-cli-listen-'));
    stack = await startStack();
  });
  after(async () => {
    for (const listen of running) await listen.stop();
    for (const receiver of receivers) await receiver.close();
    await stack?.stop();
    await rm(config, { recursive: true, force: true });
  });

  /** The environment of every run: this stack (or a way to it), a config folder of the test's own. */
  const env = (proxyUrl = stack.proxy.url) => ({
    CRYPTO_PAY_PROXY_URL: proxyUrl,
    CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken,
    XDG_CONFIG_HOME: config,
  });

  /** What `listen --print-secret` prints: the secret alone. */
  async function printedSecret(proxyUrl?: string): Promise<string> {
    const printed = await runBin(['listen', '--print-secret'], { env: env(proxyUrl) });
    assert.equal(printed.code, 0, printed.stderr);
    assert.match(printed.stdout, /^whsec_\S+\n$/);
    return printed.stdout.trim();
  }

  /** A receiver that verifies with the secret listen uses. */
  async function receiver(proxyUrl?: string): Promise<WebhookReceiver> {
    const started = await startWebhookReceiver(await printedSecret(proxyUrl));
    receivers.push(started);
    return started;
  }

  /** `crypto-pay listen` running, once it says every event from now on is forwarded. */
  async function listen(args: string[], proxyUrl?: string): Promise<ServerProcess> {
    const started = await startServerProcess({
      name: 'crypto-pay listen',
      bin: CLI_BIN,
      args: ['listen', ...args],
      env: env(proxyUrl),
      ready: /(Ready): events written from now on are forwarded/,
    });
    running.push(started);
    return started;
  }

  /** The proxy's own list of a checkout's events, oldest first (every page of it). */
  async function eventsOf(checkout: Checkout): Promise<WebhookEvent[]> {
    return (await adminEvents(stack)).filter((event) => event.data.id === checkout.id);
  }

  const played = (outcome: Outcome) => playedCheckout(stack, outcome);

  /** The verified events `receiver` got about `checkout`, in arrival order. */
  const receivedAbout = (receiver: WebhookReceiver, checkout: Checkout) =>
    receiver.received
      .filter((item) => item.event?.data.id === checkout.id)
      .map((item) => item.event!);

  /** Waits until `receiver` has every event the proxy wrote about `checkout`, ending in `type`. */
  async function arrived(receiver: WebhookReceiver, checkout: Checkout, type: string) {
    await eventually(
      () => receivedAbout(receiver, checkout).some((event) => event.type === type),
      `${type} of ${checkout.id} at the receiver`,
      20_000,
    );
    const expected = await eventsOf(checkout);
    assert.deepEqual(
      receivedAbout(receiver, checkout).map((event) => event.id),
      expected.map((event) => event.id),
      'every event once, in order',
    );
    return expected;
  }

  it('forwards every event of a paid, a failed and an expired checkout once, verified, in order', async () => {
    const hooks = await receiver();
    const listening = await listen(['--forward-to', hooks.url]);
    const said = await listening.lineMatching(/Your webhook signing secret is (whsec_\S+) /);
    assert.ok(said.text.includes(await printedSecret()), 'the secret --print-secret prints');
    await listening.lineMatching(/Listening to .*'s events \(all types\), forwarding to http/);

    const outcomes: Outcome[] = ['paid', 'failed', 'expired'];
    for (const outcome of outcomes) {
      const checkout = await played(outcome);
      const events = await arrived(hooks, checkout, `checkout.${outcome}`);
      // As the proxy wrote them: created first, the outcome last (processing between, as played).
      assert.equal(events[0]!.type, 'checkout.created');
      assert.equal(events.at(-1)!.type, `checkout.${outcome}`);
      for (const event of events) {
        // One line per delivery: time, type, id, the handler's status and the duration.
        await listening.lineMatching(
          new RegExp(
            `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\dZ  ${event.type}  ${event.id}  → 204 \\(\\d+ ms\\)$`,
          ),
        );
      }
    }
    assert.ok(hooks.received.every((item) => item.refusal === undefined && item.mode === 'ok'));
    // Ctrl-C (SIGTERM here) ends it cleanly.
    assert.equal(await listening.stop(), 0);
    await listening.lineMatching(/^Stopped\.$/);
  });

  it('misses no event and repeats none across a dropped network and a proxy restart', async () => {
    // listen reaches the proxy through a relay: closing it is the network dropping.
    const target = { host: '127.0.0.1', port: Number(new URL(stack.proxy.url).port) };
    let relay = await startTcpRelay(target);
    const via = `http://127.0.0.1:${relay.port}`;
    try {
      const hooks = await receiver(via);
      const listening = await listen(['--forward-to', hooks.url], via);
      const first = await played('paid');
      const [last] = (await arrived(hooks, first, 'checkout.paid')).slice(-1);

      await relay.close();
      await listening.lineMatching(/^Lost the proxy's event stream \(.*\); reconnecting…$/);
      // While listen cannot reach it: the proxy restarts, and events are written after.
      await stack.restartProxy();
      const failed = await played('failed');
      const expired = await played('expired');
      relay = await startTcpRelay(target, relay.port);

      await listening.lineMatching(new RegExp(`^Reconnected; resuming after ${last!.id}\\.$`));
      await arrived(hooks, failed, 'checkout.failed');
      await arrived(hooks, expired, 'checkout.expired');
      const ids = hooks.received.map((item) => item.event!.id);
      assert.equal(new Set(ids).size, ids.length, 'no event twice');
      assert.equal(
        listening.lines.filter((line) => line.text.startsWith('Lost the proxy')).length,
        1,
        'said once per outage',
      );
      await listening.stop();
    } finally {
      await relay.close();
    }
  });

  it('delivers to a receiver that was down once it is back, before the retries run out', async () => {
    const hooks = await receiver();
    const listening = await listen(['--forward-to', hooks.url]);
    await hooks.down();
    const checkout = await createdCheckout(stack.proxy.url);
    const failed = await listening.lineMatching(
      /checkout\.created {2}(evt_\S+) {2}→ connection failed \(ECONNREFUSED\) \(\d+ ms, attempt 1 of 3, again in 2 s\)$/,
    );
    await hooks.reopen();
    const [event] = await eventsOf(checkout);
    assert.ok(failed.text.includes(event!.id));
    await listening.lineMatching(new RegExp(`${event!.id}  → 204 \\(\\d+ ms\\)$`));
    assert.deepEqual([...hooks.delivered().keys()], [event!.id]);
    await listening.stop();
  });

  it('forwards only the --events types, and keeps one secret per proxy in a 0600 file', async () => {
    const hooks = await receiver();
    const listening = await listen(['--forward-to', hooks.url, '--events', 'checkout.paid']);
    await listening.lineMatching(/Listening to .*'s events \(checkout\.paid\), forwarding to/);
    const checkout = await played('paid');
    await eventually(() => hooks.delivered().size === 1, 'the paid event', 20_000);
    // Had the filter let them through, created and processing would have come first.
    assert.deepEqual(
      hooks.received.map((item) => [item.event?.type, item.event?.data.id]),
      [['checkout.paid', checkout.id]],
    );
    await listening.stop();

    assert.equal(await printedSecret(), await printedSecret());
    const file = join(config, 'crypto-pay', 'listen-secrets.json');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal((await stat(join(config, 'crypto-pay'))).mode & 0o777, 0o700);
  });

  it('ends with exit 1 and the fix on a wrong token', async () => {
    const ran = await runBin(['listen', '--forward-to', 'http://127.0.0.1:9/hooks'], {
      env: { ...env(), CRYPTO_PAY_ADMIN_TOKEN: 'not-the-token-0123456789' },
    });
    assert.equal(ran.code, 1);
    assert.match(ran.stderr, /refused \(401 /);
    assert.match(ran.stderr, /give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN/);
    assert.doesNotMatch(ran.stderr, /not-the-token-0123456789/);
  });
});
