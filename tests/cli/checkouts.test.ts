// `crypto-pay checkouts` against the test kit's stack: the built proxy and sandbox as processes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import { groupReference } from '@crypto-pay/protocol/reference';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { runBin } from './bin.ts';

describe('crypto-pay checkouts', () => {
  let stack: Stack;
  before(async () => {
    stack = await startStack();
  });
  after(() => stack?.stop());

  it('lists and shows checkouts, as a table and as JSON', async () => {
    const created = await createdCheckout(stack.proxy.url);
    const env = { CRYPTO_PAY_PROXY_URL: stack.proxy.url, CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken };
    const table = await runBin(['checkouts', 'list'], { env });
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^ID\s+STATUS\s+AMOUNT/);
    assert.match(table.stdout, new RegExp(`${created.id}\\s+created`));

    const shown = await runBin(['checkouts', 'show', created.id, '--json'], { env });
    assert.equal(shown.code, 0, shown.stderr);
    const checkout = JSON.parse(shown.stdout) as MerchantCheckout;
    assert.equal(checkout.id, created.id);
    assert.equal(checkout.status, 'created');

    // As staff read it from the customer: the reference in groups of four, each fact a line.
    const facts = await runBin(['checkouts', 'show', groupReference(created.id)], { env });
    assert.equal(facts.code, 0, facts.stderr);
    // Each fact a line: its label, then its value after the labels' padding.
    const fact = (label: string) =>
      facts.stdout
        .split('\n')
        .find((line) => line.startsWith(`${label} `))
        ?.slice(label.length)
        .trim();
    assert.equal(fact('ID'), created.id);
    assert.equal(fact('STATUS'), 'created');
    assert.equal(fact('PAID WITH'), 'BTC on bitcoin');
    assert.equal(fact('PAYMENT REQUEST'), checkout.payment_request_id);
    assert.equal(fact('PAYMENT LINK'), checkout.payment_link);

    const missing = await runBin(['checkouts', 'show', 'nope'], { env });
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /refused \(404 /);
  });
});
