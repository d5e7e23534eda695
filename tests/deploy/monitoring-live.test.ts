/**
 * deploy/prometheus/alerts.yml on a live cluster: a real Prometheus scrapes two proxies (the
 * built bin) on one PostgreSQL; the shop's webhook receiver goes down, and the backlog alert
 * goes pending, then firing, in Prometheus's own /api/v1/alerts, both proxies reporting the
 * cluster's same oldest-pending figure; the receiver comes back, the backlog drains and the
 * alert clears. The rule file is alerts.yml itself, only the backlog alert's threshold and
 * `for:` shortened, so the test takes seconds, not a quarter of an hour.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { type PostgresCluster, startPostgres } from '@crypto-pay/test-kit/postgres';
import { ROOT } from '@crypto-pay/test-kit/process';
import { type Prometheus, startPrometheus } from '@crypto-pay/test-kit/prometheus';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startWebhookReceiver, type WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { parse, stringify } from 'yaml';

const ALERT = 'CryptoPayWebhooksBackingUp';
const JOB = 'crypto-pay-proxy';
/**
 * Longest wait for a state change: scrapes and evaluations every 500 ms, the proxies' own
 * refresh of the database figures every few seconds, on a loaded machine.
 */
const WITHIN_MS = 60_000;

/** alerts.yml with the backlog alert's threshold at 1 s and its `for:` at 2 s. */
function shortenedRules(): string {
  const rules = parse(readFileSync(join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8'));
  const backlog = rules.groups
    .flatMap((group: { rules: { alert?: string }[] }) => group.rules)
    .find((rule: { alert?: string }) => rule.alert === ALERT);
  assert.match(backlog.expr, /> 900$/, 'the threshold this test shortens');
  backlog.expr = backlog.expr.replace(/> 900$/, '> 1');
  backlog.for = '2s';
  return stringify(rules);
}

const SECRET = newWebhookSecret();
let cluster: PostgresCluster;
let receiver: WebhookReceiver;
let stack: Stack;
let prometheus: Prometheus;

before(async () => {
  cluster = await startPostgres();
  receiver = await startWebhookReceiver(SECRET);
  stack = await startStack({
    proxies: 2,
    proxyEnv: {
      DATABASE_URL: cluster.url,
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
      // A try every second for an hour, far past any wait of this file however loaded the
      // machine: the webhook stays pending while the receiver is down (its retries never run
      // out here), and goes out within a second of its return.
      WEBHOOK_RETRY_SCHEDULE_MS: Array.from({ length: 3600 }, () => '1000').join(','),
    },
    metrics: true,
  });
  prometheus = await startPrometheus({
    jobs: [{ name: JOB, targets: stack.metricsUrls.map((url) => new URL(url).host) }],
    rules: shortenedRules(),
  });
});
after(async () => {
  await prometheus?.stop();
  await stack?.stop();
  await receiver?.close();
  await cluster?.stop();
});

describe('alerts.yml on two proxies and one PostgreSQL', () => {
  it('scrapes both proxies, with no alert active', async () => {
    await eventually(
      async () => {
        const up = await prometheus.query(`up{job="${JOB}"}`);
        return up.length === 2 && up.every((sample) => sample.value === 1);
      },
      'both proxies scraped',
      WITHIN_MS,
    );
    assert.deepEqual(
      (await prometheus.alerts()).filter((alert) => alert.labels.alertname === ALERT),
      [],
    );
  });

  it('raises the backlog alert while the receiver is down, and clears it once it is back', async () => {
    await receiver.down();
    const checkout = await createdCheckout(stack.proxies[1]!.url);

    await prometheus.untilAlert(ALERT, 'pending', WITHIN_MS);
    const firing = await prometheus.untilAlert(ALERT, 'firing', WITHIN_MS);
    assert.equal(firing?.labels.severity, 'warning');
    assert.match(
      firing?.annotations.runbook_url ?? '',
      /deploy\/README\.md#cryptopaywebhooksbackingup$/,
    );
    // The cluster's figure: both proxies report the backlog, though one made the webhook (each
    // reads it again on its own clock, and the alert takes the largest).
    const backlog = `crypto_pay_webhook_oldest_pending_seconds{job="${JOB}"} > 0`;
    await eventually(
      async () => (await prometheus.query(backlog)).length === 2,
      'both proxies to report the backlog',
      WITHIN_MS,
    );

    await receiver.reopen();
    await eventually(
      () =>
        [...receiver.delivered().values()].find(
          (event) => event.type === 'checkout.created' && event.data.id === checkout.id,
        ),
      'the checkout.created webhook delivered',
      WITHIN_MS,
    );
    await prometheus.untilAlert(ALERT, 'inactive', WITHIN_MS);
    await eventually(
      async () =>
        (await prometheus.query(`max(crypto_pay_webhook_pending{job="${JOB}"})`))[0]?.value === 0,
      'no webhook pending',
      WITHIN_MS,
    );
  });
});
