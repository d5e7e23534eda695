// `crypto-pay trigger` against the test kit's stack: the built bin, proxy and sandbox as processes.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Page } from '@crypto-pay/protocol/merchant-api';
import type { MerchantCheckout, WebhookEvent } from '@crypto-pay/protocol/proxy-api';
import { send } from '@crypto-pay/test-kit/http';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import {
  processingUrls,
  proxyData,
  proxyEnv,
  startProxyProcess,
} from '@crypto-pay/test-kit/servers';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { adminEvents, adminGet, cliEnv, runBin } from './bin.ts';

describe('crypto-pay trigger', () => {
  let stack: Stack;
  let env: Record<string, string>;
  before(async () => {
    stack = await startStack();
    env = cliEnv(stack);
  });
  after(() => stack?.stop());

  const admin = <T>(path: string) => adminGet<T>(stack, path);

  /** Runs `trigger ... --json`: exit 0, the events it printed, each as the proxy wrote it. */
  const triggered = async (...args: string[]): Promise<WebhookEvent[]> => {
    const ran = await runBin(['trigger', ...args, '--json'], { env });
    assert.equal(ran.code, 0, `${args.join(' ')}: ${ran.stderr}`);
    const events = JSON.parse(ran.stdout) as WebhookEvent[];
    const written = new Map((await adminEvents(stack)).map((event) => [event.id, event]));
    for (const event of events) assert.deepEqual(event, written.get(event.id), event.id);
    return events;
  };
  const checkoutOf = (events: WebhookEvent[]) =>
    admin<MerchantCheckout>(`/admin/checkouts/${(events[0]!.data as MerchantCheckout).id}`);

  it('checkout.paid: a session checkout (the default), paid, its events as a table', async () => {
    const ran = await runBin(['trigger', 'checkout.paid'], { env });
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stderr, /Created checkout \S+ \(session, 12\.50 EUR, foreign_id \S+\)\./);
    assert.match(
      ran.stderr,
      /Played paid in the sandbox at http:\/\/127\.0\.0\.1:\d+; waiting for checkout\.paid\./,
    );
    const lines = ran.stdout.trim().split('\n');
    assert.match(lines[0]!, /^TIME\s+TYPE\s+ID\s+ABOUT$/);
    assert.deepEqual(
      lines.slice(1).map((line) => line.split(/\s{2,}/)[1]),
      ['checkout.created', 'checkout.processing', 'checkout.paid'],
    );
    const id = /Created checkout (\S+) /.exec(ran.stderr)![1]!;
    assert.match(lines[3]!, new RegExp(`evt_\\S+\\s+${id}$`));
    const checkout = await admin<MerchantCheckout>(`/admin/checkouts/${id}`);
    assert.equal(checkout.status, 'paid');
    assert.equal(checkout.pricing, 'session');
    assert.equal(checkout.amount, '12.50');
  });

  it('checkout.paid --detail overpaid, for a product of the catalogue', async () => {
    const events = await triggered('checkout.paid', '--detail', 'overpaid', '--product', 'kettle');
    assert.deepEqual(
      events.map((event) => event.type),
      ['checkout.created', 'checkout.processing', 'checkout.paid'],
    );
    const checkout = await checkoutOf(events);
    assert.equal(checkout.status, 'paid');
    assert.equal(checkout.status_detail, 'overpaid');
    assert.equal(checkout.pricing, 'product');
    assert.equal(checkout.product, 'kettle');
    assert.equal(checkout.amount, '25.00');
  });

  it('checkout.failed: late by default, for an open amount in the currency given', async () => {
    const events = await triggered('checkout.failed', '--amount', '7.25', '--currency', 'USD');
    assert.equal(events.at(-1)?.type, 'checkout.failed');
    const checkout = await checkoutOf(events);
    assert.equal(checkout.status, 'failed');
    assert.equal(checkout.status_detail, 'late');
    assert.equal(checkout.pricing, 'amount');
    assert.equal(checkout.amount, '7.25');
    assert.deepEqual(checkout.currency, { iso: 'USD' });
  });

  it('checkout.failed --detail underpaid, with the foreign_id given (through a session)', async () => {
    const foreignId = `order-${Date.now()}`;
    const events = await triggered(
      'checkout.failed',
      '--detail',
      'underpaid',
      '--foreign-id',
      foreignId,
      '--amount',
      '30.00',
      '--payment-currency',
      'ETH',
    );
    const checkout = await checkoutOf(events);
    assert.equal(checkout.status, 'failed');
    assert.equal(checkout.status_detail, 'underpaid');
    assert.equal(checkout.foreign_id, foreignId);
    assert.equal(checkout.pricing, 'session');
    assert.equal(checkout.amount, '30.00');
    assert.equal(checkout.payment_currency?.iso, 'ETH');
  });

  it('checkout.expired and checkout.created', async () => {
    const expired = await triggered('checkout.expired');
    assert.deepEqual(
      expired.map((event) => event.type),
      ['checkout.created', 'checkout.expired'],
    );
    assert.equal((await checkoutOf(expired)).status, 'expired');

    const created = await triggered('checkout.created');
    assert.deepEqual(
      created.map((event) => event.type),
      ['checkout.created'],
    );
    assert.equal((await checkoutOf(created)).status, 'created');
  });

  it('the invoice events, relayed from the sandbox’s callbacks', async () => {
    for (const status of ['pending', 'processing', 'confirmed', 'failed']) {
      const events = await triggered(`invoice.${status}`);
      assert.deepEqual(
        events.map((event) => event.type),
        [`invoice.${status}`],
      );
      assert.equal(events[0]!.data.status, status);
    }
    const foreignId = `invoice-${Date.now()}`;
    const [event] = await triggered(
      'invoice.confirmed',
      '--foreign-id',
      foreignId,
      '--amount',
      '40.10',
      '--currency',
      'USD',
    );
    assert.equal(event!.data.foreign_id, foreignId);
    assert.equal(event!.data.amount, '40.10000000');
    assert.equal(event!.data.currency, 'USD');
  });

  it('the withdrawal events', async () => {
    for (const status of ['confirmed', 'cancelled']) {
      const foreignId = `payout-${status}-${Date.now()}`;
      const events = await triggered(
        `withdrawal.${status}`,
        '--foreign-id',
        foreignId,
        '--amount',
        '0.0025',
      );
      assert.deepEqual(
        events.map((event) => event.type),
        [`withdrawal.${status}`],
      );
      assert.equal(events[0]!.data.foreign_id, foreignId);
      assert.equal(events[0]!.data.amount, '0.00250000');
    }
  });

  it('says which events came when the named one did not, with exit 1', async () => {
    // The sandbox's callbacks lost: the proxy writes checkout.created, and never hears of the payment.
    assert.equal((await stack.control('/faults', { drop_callbacks: true })).status, 200);
    try {
      const ran = await runBin(['trigger', 'checkout.paid', '--timeout', '2'], { env });
      assert.equal(ran.code, 1);
      // A loaded machine may not see even checkout.created within 2 s.
      assert.match(
        ran.stderr,
        /checkout\.paid did not arrive within 2 s \(arrived: (checkout\.created|none)\)\./,
      );
      // The usual cause, and where to look.
      assert.match(
        ran.stderr,
        /No callback of the sandbox reached the proxy, it seems: .*\/callbacks\/processing as the sandbox reaches it\. \S+\/_sandbox\/callbacks lists each attempt/,
      );
      assert.match(ran.stdout, /checkout\.created|No event of checkout \S+ arrived\./);
    } finally {
      await stack.control('/faults', {});
    }
  });

  it('ends with exit 1 on SIGTERM before the event arrived, the events so far printed', async () => {
    assert.equal((await stack.control('/faults', { drop_callbacks: true })).status, 200);
    try {
      // Stopped once the first row is out: the table prints each event as it comes.
      const ran = await runBin(['trigger', 'checkout.paid'], {
        env,
        stopWhen: /checkout\.created/,
      });
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(
        ran.stderr,
        /Stopped before checkout\.paid arrived \(arrived: checkout\.created\)\./,
      );
      assert.doesNotMatch(ran.stderr, /could not be reached/);
    } finally {
      await stack.control('/faults', {});
    }
  });

  it('checkout.paid --session with the price given; --currency alone is an open amount; a network chosen', async () => {
    const session = await triggered('checkout.paid', '--session', '--amount', '3.10');
    const pinned = await checkoutOf(session);
    assert.equal(pinned.pricing, 'session');
    assert.equal(pinned.amount, '3.10');
    // One ISO code on several networks: the network is chosen with its own flag.
    const onTron = await checkoutOf(
      await triggered(
        'checkout.created',
        '--payment-currency',
        'USDT',
        '--payment-network',
        'tron',
      ),
    );
    assert.deepEqual(onTron.payment_currency, { iso: 'USDT', network_name: 'tron' });
    const open = await triggered('checkout.created', '--currency', 'USD');
    const opened = await checkoutOf(open);
    assert.equal(opened.pricing, 'amount');
    assert.equal(opened.amount, '12.50');
    assert.deepEqual(opened.currency, { iso: 'USD' });
  });

  it('refuses with exit 1 what the proxy does not offer, and a wrong token with its hint', async () => {
    const before = (await admin<Page<MerchantCheckout>>('/admin/checkouts?limit=1')).data[0]?.id;
    const product = await runBin(['trigger', 'checkout.paid', '--product', 'teapot'], { env });
    assert.equal(product.code, 1, product.stderr);
    assert.match(product.stderr, /The proxy's catalogue has no product "teapot"; it has kettle/);
    const currency = await runBin(['trigger', 'checkout.paid', '--payment-currency', 'XYZ'], {
      env,
    });
    assert.equal(currency.code, 1, currency.stderr);
    assert.match(
      currency.stderr,
      /The proxy does not offer XYZ to pay with; it offers BTC on bitcoin/,
    );
    // Each offer named with its network, as one ISO code names several.
    assert.match(currency.stderr, /USDT on ethereum, USDT on tron/);
    const network = await runBin(
      ['trigger', 'checkout.paid', '--payment-currency', 'usdt', '--payment-network', 'bitcoin'],
      { env },
    );
    assert.equal(network.code, 1, network.stderr);
    assert.match(network.stderr, /The proxy does not offer USDT on bitcoin to pay with/);
    // Nothing was created by either.
    assert.equal(
      (await admin<Page<MerchantCheckout>>('/admin/checkouts?limit=1')).data[0]?.id,
      before,
    );

    const wrong = await runBin(['trigger', 'checkout.paid', '--token', 'not-the-token-0123'], {
      env,
    });
    assert.equal(wrong.code, 1, wrong.stderr);
    assert.match(
      wrong.stderr,
      /refused \(401 \w+\): .* The token came from --token: give the proxy's ADMIN_TOKEN/,
    );
    for (const output of [wrong.stdout, wrong.stderr]) {
      assert.ok(!output.includes(stack.adminToken) && !output.includes('not-the-token-0123'));
    }
  });

  describe('a proxy whose processing service is not a sandbox', () => {
    let service: ReturnType<typeof createServer>;
    let proxy: ServerProcess;
    let data: ReturnType<typeof proxyData>;
    before(async () => {
      service = createServer((_, response) => response.writeHead(404).end('Not Found'));
      await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
      const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      data = proxyData({ prefix: 'crypto-pay-trigger-' });
      proxy = await startProxyProcess({
        built: true,
        env: proxyEnv(processingUrls(origin), stack.credentials, {
          ...data.env,
          ADMIN_TOKEN: stack.adminToken,
        }),
      });
    });
    after(async () => {
      await proxy?.stop();
      data?.remove();
      await new Promise((resolve) => service?.close(resolve));
    });

    it('is refused with exit 1, nothing created', async () => {
      const ran = await runBin(['trigger', 'checkout.paid', '--proxy', proxy.url], {
        env: { CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken },
      });
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(
        ran.stderr,
        /This proxy's processing service \(http:\/\/127\.0\.0\.1:\d+\/api\/v2\) is not a sandbox: trigger plays payments only in a sandbox\./,
      );
      const answer = await send(`${proxy.url}/admin/checkouts`, {
        headers: { Authorization: `Bearer ${stack.adminToken}` },
      });
      assert.deepEqual((answer.json as Page<MerchantCheckout>).data, []);
    });
  });
});
