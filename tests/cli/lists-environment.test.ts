/**
 * `crypto-pay webhook-endpoints` against a proxy whose endpoint comes from WEBHOOK_URL and
 * WEBHOOK_SECRET (the test kit's stack, built proxy and sandbox as processes): the row says so,
 * and rotating, disabling or removing it is the proxy's 409, said in its words with exit 1. A
 * stack of its own: that endpoint takes every event, which the other lists tests' refusals must
 * not see.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { WebhookEndpoint } from '@crypto-pay/protocol/merchant-api';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { cliEnv, runBin } from './bin.ts';

describe('crypto-pay webhook-endpoints with WEBHOOK_URL', () => {
  const secret = newWebhookSecret();
  let receiver: WebhookReceiver;
  let stack: Stack;
  before(async () => {
    receiver = await startWebhookReceiver(secret);
    stack = await startStack({ proxyEnv: { WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: secret } });
  });
  after(async () => {
    await stack?.stop();
    await receiver?.close();
  });

  /** Runs the bin and fails with its stderr unless it ended with `code`; no secret printed. */
  async function cli(args: string[], code = 0) {
    const ran = await runBin(args, { env: cliEnv(stack) });
    assert.equal(ran.code, code, `crypto-pay ${args.join(' ')}: ${ran.stderr}`);
    for (const hidden of [stack.adminToken, secret]) {
      assert.ok(!`${ran.stdout}${ran.stderr}`.includes(hidden), args.join(' '));
    }
    return ran;
  }

  it("lists the environment's endpoint as WEBHOOK_URL's, and it delivers", async () => {
    const listed = JSON.parse((await cli(['webhook-endpoints', 'list', '--json'])).stdout) as {
      data: WebhookEndpoint[];
    };
    const [endpoint] = listed.data;
    assert.equal(listed.data.length, 1);
    assert.equal(endpoint!.source, 'environment');
    assert.equal(endpoint!.url, receiver.url);
    const table = await cli(['webhook-endpoints', 'list']);
    assert.match(
      table.stdout,
      new RegExp(
        `^ID.*\\n${endpoint!.id}\\s+${receiver.url.replaceAll('.', '\\.')}\\s+all\\s+ok\\s+.*\\s+environment\\n`,
      ),
    );

    const checkout = await createdCheckout(stack.proxy.url);
    await eventually(
      () => [...receiver.delivered().values()].some((event) => event.data.id === checkout.id),
      "the checkout's webhook, verified with WEBHOOK_SECRET",
      20_000,
    );
  });

  it("refuses to rotate, disable or remove it with the proxy's 409 and words, exit 1", async () => {
    const listed = JSON.parse((await cli(['webhook-endpoints', 'list', '--json'])).stdout) as {
      data: WebhookEndpoint[];
    };
    const id = listed.data.find((endpoint) => endpoint.source === 'environment')!.id;
    const words =
      /refused \(409 webhook_endpoint_from_environment\): This endpoint is WEBHOOK_URL: change or remove WEBHOOK_URL and WEBHOOK_SECRET and restart the proxy\./;
    for (const command of [
      ['rotate', id],
      ['rotate', id, '--grace-seconds', '0'],
      ['disable', id],
      ['remove', id, '--yes'],
    ]) {
      const refused = await cli(['webhook-endpoints', ...command], 1);
      assert.match(refused.stderr, words, command.join(' '));
      assert.equal(refused.stdout, '', command.join(' '));
    }
    // Nothing changed: still enabled, still WEBHOOK_URL's.
    const table = await cli(['webhook-endpoints', 'list']);
    assert.match(table.stdout, new RegExp(`${id}\\s+\\S+\\s+all\\s+ok\\s+.*environment\\n`));
  });
});
