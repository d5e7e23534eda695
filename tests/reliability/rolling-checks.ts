/**
 * What the rolling-restart test checks outside its own clients: the sandbox's callback log (each
 * callback answered 200, none given up), the webhook outbox (nothing in flight before the kill),
 * and the database's rows afterwards against what the clients were acknowledged.
 */

import assert from 'node:assert/strict';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { eventually } from '@crypto-pay/test-kit/eventually';
import type { PostgresCluster } from '@crypto-pay/test-kit/postgres';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import type { Stack } from '@crypto-pay/test-kit/stack';
import type { WebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';

/** Where the checks read the rows: the cluster, as its superuser beside the proxies. */
type Database = Pick<PostgresCluster, 'asSuperuser'>;

interface SandboxCallback {
  delivery_id: number;
  body: string;
  response_status: number | null;
  final: boolean;
}

/**
 * Waits until every callback the sandbox sent was answered 200, none given up, and each settled
 * payment request's final callback (`settled`: id to outcome) is among them. An attempt is listed
 * once answered, and first attempts go out one at a time: the final callbacks say all went out.
 */
export async function untilCallbacksAnswered(
  stack: Pick<Stack, 'control'>,
  settled: ReadonlyMap<string, string>,
  what: string,
): Promise<void> {
  let unanswered: SandboxCallback[] = [];
  let missing: [string, string][] = [];
  const answeredAll = async () => {
    const attempts = (await stack.control('/callbacks')).json as SandboxCallback[];
    const lost = attempts.filter((a) => a.final && a.response_status !== 200);
    assert.deepEqual(lost, [], 'no callback given up by the sandbox');
    const answered = attempts.filter((a) => a.response_status === 200);
    const answeredIds = new Set(answered.map((a) => a.delivery_id));
    unanswered = attempts.filter((a) => !answeredIds.has(a.delivery_id));
    if (unanswered.length > 0) return false;
    const finals = new Set(
      answered.map((a) => {
        const body = JSON.parse(a.body) as { payment_request_id?: string; status?: string };
        return `${body.payment_request_id} ${body.status}`;
      }),
    );
    missing = [...settled].filter(([id, outcome]) => !finals.has(`${id} ${outcome}`));
    return missing.length === 0;
  };
  await eventually(answeredAll, what, 120_000).catch((error: Error) =>
    assert.fail(
      `${error.message}: unanswered attempts ${JSON.stringify(unanswered.slice(0, 3))}; settled without their final callback (${missing.length}) ${JSON.stringify(missing.slice(0, 3))}`,
    ),
  );
}

/**
 * Waits until no webhook delivery is pending or claimed: nothing a kill could hold. On a time-out
 * it says what held the outbox: every unsettled row, the claims in force per endpoint (a cap
 * reached by leases nobody will settle stops the endpoint), and the proxies' webhook lines.
 */
export async function untilOutboxSettled(
  database: Database,
  proxies: readonly Pick<ServerProcess, 'name' | 'lines'>[],
): Promise<void> {
  const unsettled = () =>
    database.asSuperuser(
      `SELECT * FROM webhook_deliveries WHERE state = 'pending' OR claimed_until IS NOT NULL
      ORDER BY id`,
    );
  // A send cut off by a drain is due again at once, and taken at a worker's next look.
  await eventually(
    async () => (await unsettled()).length === 0,
    'the webhook outbox settled',
    45_000,
  ).catch(async (error: Error) => {
    const rows = await unsettled();
    const claims = await database.asSuperuser(
      `SELECT endpoint_id, COUNT(*) AS claims, MIN(claimed_until) AS first_lease_end,
        (extract(epoch FROM now()) * 1000)::bigint AS now FROM webhook_deliveries
      WHERE state = 'pending' AND claimed_until > (extract(epoch FROM now()) * 1000)::bigint
      GROUP BY endpoint_id`,
    );
    const webhookLines = proxies.flatMap((proxy) =>
      proxy.lines
        .filter((line) => /webhook|shutting down|stopped|draining/.test(line.text))
        .map((line) => `  ${proxy.name}: ${line.text}`),
    );
    assert.fail(
      `${error.message}: ${rows.length} unsettled ${JSON.stringify(rows)}; claims in force ${JSON.stringify(claims)}; the proxies' webhook lines:\n${webhookLines.join('\n')}`,
    );
  });
}

/** One acknowledged create: its key, checkout, the outcome played and its payment request. */
export interface Acknowledged {
  key: string;
  checkout: Checkout;
  outcome: string;
  request: string;
}

/**
 * The database against the clients: one checkout per key and as many rows as acknowledged
 * creates, each checkout's status as played; per checkout its `created` event and one per
 * callback that changed it (`processing`, unless the final callback overtook it, then the final
 * one); every delivery delivered, and the receiver holding each event once by webhook-id.
 */
export async function checkRows(
  database: Database,
  expected: {
    created: Acknowledged[];
    total: number;
    /** What the receiver holds, read once every delivery is settled (not before). */
    delivered: () => ReturnType<WebhookReceiver['delivered']>;
  },
): Promise<void> {
  const { created, total } = expected;
  assert.equal(created.filter(Boolean).length, total);
  assert.equal(new Set(created.map((entry) => entry.checkout.id)).size, total, 'one per key');
  const checkouts = await database.asSuperuser<{ id: string; status: string }>(
    'SELECT id, status FROM checkouts ORDER BY seq',
  );
  assert.equal(checkouts.length, total, 'checkouts in the database = acknowledged creates');
  const statusById = new Map(checkouts.map((row) => [row.id, row.status]));
  const keys = await database.asSuperuser<{ key: string; checkout_id: string }>(
    'SELECT key, checkout_id FROM idempotency_keys',
  );
  assert.deepEqual(
    new Map(keys.map((row) => [row.key, row.checkout_id])),
    new Map(created.map((entry) => [entry.key, entry.checkout.id])),
  );
  for (const [n, entry] of created.entries()) {
    assert.equal(statusById.get(entry.checkout.id), entry.outcome, `checkout ${n} in the database`);
  }

  await eventually(
    async () =>
      (
        await database.asSuperuser<{ count: string }>(
          "SELECT count(*) FROM webhook_deliveries WHERE state <> 'delivered'",
        )
      )[0]!.count === '0',
    'every webhook delivered',
    60_000,
  );
  const events = await database.asSuperuser<{ id: string; type: string; checkout_id: string }>(
    "SELECT id, type, data->>'id' AS checkout_id FROM webhook_events ORDER BY seq",
  );
  const applied = await database.asSuperuser<{ object_id: string; status: string }>(
    "SELECT object_id, status FROM callbacks WHERE outcome = 'applied' ORDER BY id",
  );
  const changes = new Map<string, string[]>();
  for (const { object_id, status } of applied) {
    changes.set(object_id, [...(changes.get(object_id) ?? []), status]);
  }
  const expectedEvents = created.flatMap((entry, n) => {
    const statuses = changes.get(entry.request) ?? [];
    assert.ok(
      ['processing', entry.outcome].join() === statuses.join() || entry.outcome === statuses.join(),
      `checkout ${n} changed by ${statuses.join(', ')}`,
    );
    return ['created', ...statuses].map((status) => `${entry.checkout.id} checkout.${status}`);
  });
  assert.deepEqual(events.map((e) => `${e.checkout_id} ${e.type}`).sort(), expectedEvents.sort());
  const delivered = expected.delivered();
  assert.deepEqual(
    [...delivered.keys()].sort(),
    events.map((event) => event.id).sort(),
    'each event delivered, one per webhook-id',
  );
  for (const event of events) assert.equal(delivered.get(event.id)?.type, event.type);
}
