import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { runCli } from './testing.test-helpers.ts';

/**
 * A proxy stand-in on loopback: each path (without its query) answered by `routes`, which may
 * leave the answer open (a check that hangs); everything else 404.
 */
async function standIn(routes: Record<string, (url: URL, response: ServerResponse) => void>) {
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = routes[url.pathname];
    if (route) return route(url, response);
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: 'Not found.', code: 'not_found' }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(resolve));
    },
  };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  (_: URL, response: ServerResponse) => {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };

const line = (stdout: string, title: string) =>
  stdout.split('\n').find((text) => text.slice(8).startsWith(`${title} `)) ?? '';

const ESC = '\u001b[';
const healthy = json({ status: 'ok', version: '0.1.0' });

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
    for (const flag of [
      '--proxy',
      '--token',
      '--origin',
      '--widget-script',
      '--timeout',
      '--json',
    ]) {
      assert.ok(help.stdout.includes(flag), flag);
    }
  });

  it('reports each check on its own: one that hangs times out, the rest are still said', async () => {
    const ahead = new Date(Date.now() + 30_000).toUTCString();
    const proxy = await standIn({
      '/healthz': json({ status: 'ok', version: '0.1.0' }, 200, { Date: ahead }),
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
      assert.ok(ran.stdout.includes(`its callback URL is ${proxy.url}/callbacks/processing`));
      assert.match(line(ran.stdout, 'Callbacks'), /^✓ ok .*none received yet/);
      // The Date header has whole seconds: 30 s, give or take one.
      assert.match(
        line(ran.stdout, 'Clock'),
        /^! warn .*this machine's clock is (29|30|31) s behind the proxy's/,
      );
      assert.match(line(ran.stdout, 'CORS'), /^- skip .*give --origin/);
      assert.match(ran.stdout, /\n2 failed, 3 warnings, \d+ ok\.\n$/);
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
