import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STALE_CAUSES } from '@crypto-pay/protocol/merchant-api';
import { runCli } from '../../testing.test-helpers.ts';
import { ESC, healthy, json, line, standIn } from './stand-in.test-helpers.ts';

describe('crypto-pay doctor', () => {
  it('refuses an --origin that is more than an origin, with exit 2, and documents its flags', async () => {
    const refused = await runCli(['doctor', '--origin', 'https://shop.example/checkout']);
    assert.equal(refused.code, 2);
    assert.match(
      refused.stderr,
      /Give an origin alone \(scheme:\/\/host\[:port\]\), like https:\/\/shop\.example\./,
    );
    const help = await runCli(['doctor', '--help']);
    assert.equal(help.code, 0);
    // --proxy and --token are the root program's (its help shows them for every command).
    assert.match(help.stdout, /how long each check may take \(1 to 300\)/);
    assert.match(
      help.stdout,
      /NODE_EXTRA_CA_CERTS=ca\.pem, not the system's store unless NODE_USE_SYSTEM_CA=1/,
    );
    const root = await runCli(['--help']);
    assert.match(
      root.stdout,
      /doctor .*Check a deployment from outside: a checklist with\s+fixes\./,
    );
    for (const flag of ['--origin', '--widget-script', '--timeout', '--json']) {
      assert.ok(help.stdout.includes(flag), flag);
    }
  });

  it('reports each check on its own: one that hangs times out, the rest are still said', async () => {
    const proxy = await standIn({
      // Written when it answers, as a proxy's clock would.
      '/healthz': (url, response) =>
        json({ status: 'ok', version: '0.1.0' }, 200, {
          Date: new Date(Date.now() + 30_000).toUTCString(),
        })(url, response),
      // Never answered: the check's own timeout ends it.
      '/readyz': () => {},
      '/api/config': json({
        payment_currencies: [],
        products: {},
        open_amount: null,
        sessions: false,
      }),
      '/admin/checkouts': (url, response) =>
        url.searchParams.get('stale') === 'true'
          ? json({
              data: [
                { id: 'ck_newer', expires_at: 1_790_000_000 },
                { id: 'ck_older', expires_at: 1_780_000_000 },
              ],
            })(url, response)
          : json({ data: [] })(url, response),
      '/admin/webhook-endpoints': json({ data: [] }),
      '/admin/callbacks': json({ data: [] }),
    });
    try {
      const ran = await runCli(['doctor', '--proxy', proxy.url, '--timeout', '1']);
      assert.equal(ran.code, 1, ran.stdout);
      assert.match(line(ran.stdout, 'Proxy'), /^✓ ok .*release 0\.1\.0\.$/);
      assert.match(line(ran.stdout, 'Ready'), /^✗ FAIL .*did not finish within 1 s\.$/);
      assert.match(line(ran.stdout, 'Currencies'), /^✗ FAIL .*lists no payment currency/);
      assert.match(ran.stdout, /fix: Enable currencies for this key at the processing service/);
      assert.match(
        line(ran.stdout, 'Stale payments'),
        /^! warn .*2 stale payments .* the oldest, ck_older, expired 2026-05-28 20:26:40Z\.$/,
      );
      // The fix names the public address, never the loopback one doctor was given.
      assert.match(ran.stdout, /public https address followed by \/callbacks\/processing/);
      assert.ok(ran.stdout.includes(STALE_CAUSES), ran.stdout);
      assert.ok(!ran.stdout.includes(`${proxy.url}/callbacks`), ran.stdout);
      // No callback ever while payments are stale: the callback URL is the likely fault.
      assert.match(
        line(ran.stdout, 'Callbacks'),
        /^! warn .*none received yet, and payments are stale/,
      );
      // The Date header has whole seconds: 30 s, give or take one.
      assert.match(
        line(ran.stdout, 'Clock'),
        /^! warn .*this machine's clock is (29|30|31) s behind the proxy's/,
      );
      assert.match(line(ran.stdout, 'CORS'), /^- skip .*give --origin/);
      assert.match(ran.stdout, /\n2 failed, 4 warnings, \d+ ok\.\n$/);
      assert.match(ran.stderr, /crypto-pay doctor: Ready, Currencies failed\./);
    } finally {
      await proxy.close();
    }
  });

  it('skips the stale payments of a proxy that cannot list them', async () => {
    const proxy = await standIn({
      '/healthz': healthy,
      '/admin/checkouts': (url, response) =>
        url.searchParams.has('stale')
          ? json({ error: 'stale is not a known query parameter.', code: 'invalid_query' }, 422)(
              url,
              response,
            )
          : json({ data: [] })(url, response),
    });
    try {
      const ran = await runCli(['doctor', '--proxy', proxy.url, '--json']);
      const report = JSON.parse(ran.stdout) as {
        checks: { id: string; outcome: string; summary: string }[];
      };
      const stale = report.checks.find((check) => check.id === 'stale');
      assert.equal(stale?.outcome, 'skip');
      assert.match(stale?.summary ?? '', /does not find stale payments/);
    } finally {
      await proxy.close();
    }
  });

  it('says a widget script it cannot read, with the fix', async () => {
    const proxy = await standIn({ '/healthz': healthy });
    try {
      const missing = '/nonexistent/crypto-pay.bundled.js';
      const ran = await runCli(['doctor', '--proxy', proxy.url, '--widget-script', missing]);
      assert.equal(ran.code, 1);
      assert.match(
        line(ran.stdout, 'Widget parts'),
        /^✗ FAIL .*cannot read \/nonexistent\/crypto-pay\.bundled\.js \(ENOENT\)\.$/,
      );
      assert.match(
        ran.stdout,
        /fix: Give the file, or the address, your page loads crypto-pay\.bundled\.js from\./,
      );
    } finally {
      await proxy.close();
    }
  });

  it('says ok, FAIL and warn in words, coloured only on a terminal without NO_COLOR', async () => {
    const proxy = await standIn({ '/healthz': healthy });
    try {
      const args = ['doctor', '--proxy', proxy.url];
      const coloured = await runCli(args, { tty: true });
      assert.ok(coloured.stdout.includes(ESC), coloured.stdout);
      for (const ran of [
        await runCli(args, { tty: true, env: { NO_COLOR: '1' } }),
        await runCli(args),
      ]) {
        assert.ok(!ran.stdout.includes(ESC));
        assert.match(ran.stdout, /^✓ ok {4}Proxy/m);
        assert.match(ran.stdout, /^✗ FAIL {2}Ready/m);
      }
    } finally {
      await proxy.close();
    }
  });
});
