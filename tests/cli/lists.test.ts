/**
 * `crypto-pay events` and `crypto-pay webhook-endpoints` through the built bin against the test
 * kit's stack (built proxy and sandbox as processes), with receivers that verify every webhook by
 * the `standardwebhooks` library and the secret the command printed. Each test makes the
 * endpoints it needs and disables them when it ends, so none sees another's.
 */

import assert from 'node:assert/strict';
import { after, before, describe, it, type TestContext } from 'node:test';
import type { WebhookEndpoint } from '@crypto-pay/protocol/merchant-api';
import type { WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, invoiceBody } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { sendJson } from '@crypto-pay/test-kit/http';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { cliEnv, playedCheckout, runBin } from './bin.ts';

let stack: Stack;
const receivers: WebhookReceiver[] = [];
let env: Record<string, string>;

before(async () => {
  // Quick retries: a refused delivery comes again soon.
  stack = await startStack({ proxyEnv: { WEBHOOK_RETRY_SCHEDULE_MS: '50,100,200,400,800' } });
  env = cliEnv(stack);
  // Said only by a proxy that never had an endpoint: checked before any test adds one.
  const empty = await cli(['webhook-endpoints', 'list']);
  assert.match(empty.stdout, /^No webhook endpoints: `crypto-pay webhook-endpoints add <url>`/);
});
after(async () => {
  await stack?.stop();
  for (const receiver of receivers) await receiver.close();
});

/** Runs the bin and fails with its stderr unless it ended with `code`. */
async function cli(args: string[], code = 0) {
  const ran = await runBin(args, { env });
  assert.equal(ran.code, code, `crypto-pay ${args.join(' ')}: ${ran.stderr}`);
  // Whatever the command, the admin token is never printed.
  assert.ok(!`${ran.stdout}${ran.stderr}`.includes(stack.adminToken), args.join(' '));
  return ran;
}

const json = async <T>(args: string[]) => JSON.parse((await cli([...args, '--json'])).stdout) as T;

/**
 * A receiver bound first (port 0), an endpoint added for it by the command (more `args`, e.g.
 * `--events`), and the receiver verifying with the secret printed; disabled when the test ends.
 */
async function endpointWithReceiver(t: TestContext, args: string[] = []) {
  const receiver = await startWebhookReceiver(undefined);
  receivers.push(receiver);
  const endpoint = await json<WebhookEndpoint & { secret: string }>([
    'webhook-endpoints',
    'add',
    receiver.url,
    ...args,
  ]);
  receiver.verifyWith(endpoint.secret);
  t.after(() => cli(['webhook-endpoints', 'disable', endpoint.id]));
  return { receiver, endpoint };
}

const deliveredTo = (receiver: WebhookReceiver, about: string, type: string) =>
  eventually(
    () =>
      [...receiver.delivered().values()].find(
        (event) => event.type === type && event.data.id === about,
      ),
    `a verified ${type} of ${about}`,
    20_000,
  );

describe('crypto-pay events and webhook-endpoints', () => {
  it('lists events in order, a page at a time, as a table and as JSON', async () => {
    const checkout = await playedCheckout(stack, 'paid');
    const events = await eventually(async () => {
      const page = await json<{ data: WebhookEvent[] }>(['events', 'list', '--limit', '100']);
      const mine = page.data.filter((event) => event.data.id === checkout.id);
      return mine.some((event) => event.type === 'checkout.paid') && mine;
    }, 'the checkout.paid event in `events list`');
    assert.deepEqual(
      events.map((event) => event.type),
      ['checkout.created', 'checkout.processing', 'checkout.paid'],
      'oldest first',
    );

    const table = await cli(['events', 'list', '--type', 'checkout.paid']);
    assert.match(table.stdout, /^TIME\s+TYPE\s+ID\s+ABOUT\n/);
    assert.match(
      table.stdout,
      new RegExp(
        `\\d{4}-\\d\\d-\\d\\d \\S+Z\\s+checkout\\.paid\\s+${events.at(-1)!.id}\\s+${checkout.id}`,
      ),
    );
    assert.doesNotMatch(table.stdout, /checkout\.created/);

    // A relayed callback's event is about the merchant's foreign_id.
    const invoice = await sendJson(
      `${stack.proxy.url}/admin/invoices`,
      invoiceBody({ foreign_id: 'cli-invoice-1' }),
      { headers: { Authorization: `Bearer ${stack.adminToken}` } },
    );
    assert.equal(invoice.status, 201, invoice.text);
    const confirmed = await stack.control('/invoices/cli-invoice-1/simulate', {
      outcome: 'confirmed',
    });
    assert.equal(confirmed.status, 200, confirmed.text);
    const relayed = await eventually(async () => {
      const ran = await cli(['events', 'list', '--type', 'invoice.confirmed']);
      return ran.stdout.includes('cli-invoice-1') && ran.stdout;
    }, 'the invoice.confirmed event in `events list`');
    assert.match(relayed, /\S+ \S+Z\s+invoice\.confirmed\s+evt_\S+\s+cli-invoice-1\n/);

    const firstPage = await cli(['events', 'list', '--limit', '1']);
    const more = /More: crypto-pay events list --limit 1 --after (evt_\S+)\n$/.exec(
      firstPage.stdout,
    );
    assert.ok(more, firstPage.stdout);
    const next = await json<{ data: WebhookEvent[]; next_after?: string }>([
      'events',
      'list',
      '--after',
      more[1]!,
      '--limit',
      '1',
    ]);
    assert.equal(next.data.length, 1);
    assert.ok(next.data[0]!.id > more[1]!, 'the page after the cursor');
  });

  it("says the proxy's refusals of a redelivery in its words, with exit 1", async () => {
    await createdCheckout(stack.proxy.url);
    const [event] = (await json<{ data: WebhookEvent[] }>(['events', 'list'])).data;
    // No enabled endpoint (each test disables its own): nothing would be queued.
    const none = await cli(['events', 'redeliver', event!.id], 1);
    assert.match(none.stderr, /refused \(409 no_endpoint_for_event\): No webhook endpoint takes/);
    const missing = await cli(['events', 'redeliver', 'evt_000000000000nothere'], 1);
    assert.match(
      missing.stderr,
      /refused \(404 event_not_found\): There is no event with this id\./,
    );
    const usage = await cli(['events', 'list', '--limit', 'many'], 2);
    assert.match(usage.stderr, /Give a whole number from 1 to 200/);
  });

  it('adds endpoints, the secret printed once, and their webhooks verify with it', async (t) => {
    const { receiver, endpoint } = await endpointWithReceiver(t);
    assert.match(endpoint.secret, /^whsec_/);
    assert.equal(endpoint.event_types, undefined);

    const other = await startWebhookReceiver(undefined);
    receivers.push(other);
    const second = await cli([
      'webhook-endpoints',
      'add',
      other.url,
      '--events',
      'checkout.paid, checkout.failed',
    ]);
    assert.match(second.stdout, /^ID\s+URL\s+EVENTS\s+STATE\s+CREATED\s+SOURCE\n/);
    const row =
      /(whe_\S+)\s+http:\S+\s+checkout\.paid,checkout\.failed\s+ok\s.*\smerchant_api\n/.exec(
        second.stdout,
      );
    assert.ok(row, second.stdout);
    t.after(() => cli(['webhook-endpoints', 'disable', row[1]!]));
    assert.match(second.stdout, /\nSecret: whsec_\S+\nIt is shown only now/);

    const checkout = await createdCheckout(stack.proxy.url);
    await deliveredTo(receiver, checkout.id, 'checkout.created');

    const list = await json<{ data: WebhookEndpoint[] }>(['webhook-endpoints', 'list']);
    const ids = list.data.map((item) => item.id);
    assert.ok(ids.includes(endpoint.id) && ids.includes(row[1]!), ids.join());
    assert.ok(list.data.every((item) => !('secret' in item)));
    const table = await cli(['webhook-endpoints', 'list']);
    assert.match(
      table.stdout,
      new RegExp(`${endpoint.id}\\s+${receiver.url.replaceAll('.', '\\.')}\\s+all\\s+ok`),
    );
    assert.doesNotMatch(table.stdout, /whsec_/);

    // An address the proxy would refuse, by its own rule: used wrongly, exit 2, nothing sent.
    const refused = await cli(['webhook-endpoints', 'add', 'http://shop.example/hooks'], 2);
    assert.match(refused.stderr, /The url must be an https URL \(http only on a loopback host/);
    assert.doesNotMatch(refused.stderr, /refused \(422/);
  });

  it('shows an endpoint whose last attempt failed as retrying', async (t) => {
    const { receiver, endpoint } = await endpointWithReceiver(t, ['--events', 'checkout.created']);
    receiver.mode = 'error';
    const checkout = await createdCheckout(stack.proxy.url);
    await eventually(
      () => receiver.received.some((item) => item.event?.data.id === checkout.id),
      'a checkout.created answered 500',
    );
    const row = new RegExp(`${endpoint.id}\\s+\\S+\\s+checkout\\.created\\s+retrying\\s`);
    await eventually(
      async () => row.test((await cli(['webhook-endpoints', 'list'])).stdout),
      'the endpoint listed as retrying',
    );
    const listed = await json<{ data: WebhookEndpoint[] }>(['webhook-endpoints', 'list']);
    assert.equal(listed.data.find((item) => item.id === endpoint.id)?.status, 'retrying');
  });

  it('redelivers an event: the endpoint gets it again', async (t) => {
    const { receiver } = await endpointWithReceiver(t);
    const checkout = await createdCheckout(stack.proxy.url);
    const created = await deliveredTo(receiver, checkout.id, 'checkout.created');
    const copies = () => receiver.received.filter(({ event }) => event?.id === created.id).length;
    const before = copies();
    const queued = await cli(['events', 'redeliver', created.id]);
    assert.match(queued.stdout, new RegExp(`^Queued ${created.id} again for 1 endpoint:`));
    await eventually(() => copies() > before, 'the redelivered webhook');
    const again = await json<{ deliveries: number }>(['events', 'redeliver', created.id]);
    assert.equal(again.deliveries, 1);
    await eventually(() => copies() > before + 1, 'the second redelivered webhook');
  });

  it("rotates a secret: the endpoint's next webhook verifies with the new one", async (t) => {
    const { receiver, endpoint } = await endpointWithReceiver(t);
    const endpointId = endpoint.id;
    const usage = await cli(
      ['webhook-endpoints', 'rotate', endpointId, '--grace-seconds', '-1'],
      2,
    );
    assert.match(usage.stderr, /Give a whole number of seconds from 0 to 604800/);

    const graced = await cli(['webhook-endpoints', 'rotate', endpointId]);
    assert.match(graced.stdout, new RegExp(`^New secret of ${endpointId}\\.\\nSecret: whsec_`));
    assert.match(graced.stdout, /The old secret signs too until \d{4}-\d\d-\d\d \S+Z/);

    const ended = await cli(['webhook-endpoints', 'rotate', endpointId, '--grace-seconds', '0']);
    assert.match(ended.stdout, /\nThe old secret no longer signs\.\n$/);

    const rotated = await json<{ secret: string; previous_secret_expires_at: number }>([
      'webhook-endpoints',
      'rotate',
      endpointId,
      '--grace-seconds',
      '0',
    ]);
    receiver.verifyWith(rotated.secret);
    const checkout = await createdCheckout(stack.proxy.url);
    const event = await deliveredTo(receiver, checkout.id, 'checkout.created');
    // One signature: the old secrets' ended with the rotation.
    const arrived = receiver.received.find((item) => item.event?.id === event.id)!;
    assert.equal(String(arrived.headers['webhook-signature']).split(' ').length, 1);
  });

  it('removes an endpoint: listed no more, and no event is queued for it', async () => {
    const receiver = await startWebhookReceiver(undefined);
    receivers.push(receiver);
    // Added here, not by endpointWithReceiver: its disabling at the end would find none.
    const endpoint = await json<WebhookEndpoint>(['webhook-endpoints', 'add', receiver.url]);
    await createdCheckout(stack.proxy.url);
    const [event] = (await json<{ data: WebhookEvent[] }>(['events', 'list'])).data;
    const queued = await json<{ deliveries: number }>(['events', 'redeliver', event!.id]);
    assert.equal(queued.deliveries, 1);

    const removed = await cli(['webhook-endpoints', 'remove', endpoint.id, '--yes']);
    assert.equal(removed.stdout, `Removed ${endpoint.id}: the proxy sends it nothing more.\n`);
    const listed = await json<{ data: WebhookEndpoint[] }>(['webhook-endpoints', 'list']);
    assert.ok(!listed.data.some((item) => item.id === endpoint.id), 'still listed');
    // No other enabled endpoint (each test disables its own): nothing is queued now.
    const refused = await cli(['events', 'redeliver', event!.id], 1);
    assert.match(refused.stderr, /\(409 no_endpoint_for_event\)/);

    const again = await cli(['webhook-endpoints', 'remove', endpoint.id, '--yes'], 1);
    assert.match(
      again.stderr,
      /refused \(404 webhook_endpoint_not_found\): There is no webhook endpoint with this id\./,
    );
    assert.equal(again.stdout, '');
  });

  it('disables and enables an endpoint', async (t) => {
    const { receiver, endpoint } = await endpointWithReceiver(t);
    const endpointId = endpoint.id;
    // Another endpoint that takes no checkout.created.
    await endpointWithReceiver(t, ['--events', 'checkout.paid']);
    const checkout = await createdCheckout(stack.proxy.url);
    const created = await deliveredTo(receiver, checkout.id, 'checkout.created');

    const disabled = await cli(['webhook-endpoints', 'disable', endpointId]);
    assert.match(disabled.stdout, new RegExp(`${endpointId}\\s+\\S+\\s+all\\s+disabled\\s`));
    const listed = await json<{ data: WebhookEndpoint[] }>(['webhook-endpoints', 'list']);
    assert.equal(listed.data.find((item) => item.id === endpointId)?.disabled, true);
    // The proxy queues nothing for it now: the other endpoint takes no checkout.created.
    const refused = await cli(['events', 'redeliver', created.id], 1);
    assert.match(refused.stderr, /\(409 no_endpoint_for_event\)/);

    const enabled = await json<WebhookEndpoint>(['webhook-endpoints', 'enable', endpointId]);
    assert.equal(enabled.disabled, undefined);
    assert.equal(enabled.status, 'ok');
    const queued = await json<{ deliveries: number }>(['events', 'redeliver', created.id]);
    assert.equal(queued.deliveries, 1);
    // As a table too (enabling an enabled endpoint changes nothing).
    const table = await cli(['webhook-endpoints', 'enable', endpointId]);
    assert.match(table.stdout, /^ID\s+URL\s+EVENTS\s+STATE\s+CREATED\s+SOURCE\n/);
    assert.match(table.stdout, new RegExp(`${endpointId}\\s+\\S+\\s+all\\s+ok\\s`));

    const missing = await cli(['webhook-endpoints', 'disable', 'whe_nothere'], 1);
    assert.match(missing.stderr, /refused \(404 webhook_endpoint_not_found\)/);
  });
});
