/**
 * `crypto-pay listen` against the test kit's stack (the built proxy and sandbox as processes),
 * the built bin as its own process, forwarding to a receiver on 127.0.0.1 that verifies each
 * delivery with the `standardwebhooks` library and the secret listen printed: every event of
 * real checkouts once and in order, a receiver down for a while, the type filter, a wrong token.
 * Outages of the proxy and the network: listen-outages.test.ts.
 */

import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { runBin } from './bin.ts';
import { listenBench, type Outcome } from './listening.ts';

describe('crypto-pay listen', () => {
  const bench = listenBench();
  const { env, printedSecret, receiver, listen, eventsOf, arrived, played } = bench;

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

  it('delivers to a receiver that was down once it is back, before the retries run out', async () => {
    const hooks = await receiver();
    const listening = await listen(['--forward-to', hooks.url]);
    await hooks.down();
    const checkout = await createdCheckout(bench.stack.proxy.url);
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
    const file = join(bench.config, 'crypto-pay', 'listen-secrets.json');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.equal((await stat(join(bench.config, 'crypto-pay'))).mode & 0o777, 0o700);
  });

  it('ends with exit 1 and the fix on a wrong token', async () => {
    const ran = await runBin(['listen', '--forward-to', 'http://127.0.0.1:0/hooks'], {
      env: { ...env(), CRYPTO_PAY_ADMIN_TOKEN: 'not-the-token-0123456789' },
    });
    assert.equal(ran.code, 1);
    assert.match(ran.stderr, /refused \(401 /);
    assert.match(ran.stderr, /give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN/);
    assert.doesNotMatch(ran.stderr, /not-the-token-0123456789/);
  });
});
