/**
 * What the tests of `crypto-pay listen` share: one stack per file (the built proxy and sandbox
 * as processes), a config folder of the file's own, the built bin running listen as its own
 * process, and receivers that verify every delivery with the `standardwebhooks` library and the
 * secret listen printed.
 */

import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { Checkout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type ServerProcess, startServerProcess } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { adminEvents, CLI_BIN, playedCheckout, runBin } from './bin.ts';

export type Outcome = 'paid' | 'failed' | 'expired';

/** Registers the file's stack in `before`/`after` (call it inside `describe`); its helpers. */
export function listenBench() {
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

  /** The environment of every run: this stack (or a way to it), the file's config folder. */
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

  /** The verified events `receiver` got about `checkout`, in arrival order. */
  const receivedAbout = (hooks: WebhookReceiver, checkout: Checkout) =>
    hooks.received.filter((item) => item.event?.data.id === checkout.id).map((item) => item.event!);

  /** Waits until `hooks` has every event the proxy wrote about `checkout`, ending in `type`. */
  async function arrived(hooks: WebhookReceiver, checkout: Checkout, type: string) {
    await eventually(
      () => receivedAbout(hooks, checkout).some((event) => event.type === type),
      `${type} of ${checkout.id} at the receiver`,
      20_000,
    );
    const expected = await eventsOf(checkout);
    assert.deepEqual(
      receivedAbout(hooks, checkout).map((event) => event.id),
      expected.map((event) => event.id),
      'every event once, in order',
    );
    return expected;
  }

  return {
    get stack() {
      return stack;
    },
    get config() {
      return config;
    },
    env,
    printedSecret,
    receiver,
    listen,
    eventsOf,
    arrived,
    played: (outcome: Outcome) => playedCheckout(stack, outcome),
  };
}
