import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, it } from 'node:test';
import { STALE_CAUSES } from '@crypto-pay/protocol/merchant-api';
import { runCli } from '../../testing.test-helpers.ts';

/**
 * A proxy stand-in on loopback: each path (without its query) answered by `routes`, which may
 * leave the answer open (a check that hangs); everything else 404.
 */
async function standIn(
  routes: Record<string, (url: URL, response: ServerResponse, request: IncomingMessage) => void>,
  host = '127.0.0.1',
) {
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const route = routes[url.pathname];
    if (route) return route(url, response, request);
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ error: 'Not found.', code: 'not_found' }));
  });
  await new Promise<void>((resolve) => http.listen(0, host, resolve));
  const url = `http://${host}:${(http.address() as AddressInfo).port}`;
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

/** The checks after `after`, in order: what a failure there leaves unchecked. */
const linesAfter = (stdout: string, after: string) => {
  const lines = stdout
    .split('\n\n')[0]!
    .split('\n')
    .filter((text) => !text.startsWith(' '));
  return lines.slice(lines.findIndex((text) => text.slice(8).startsWith(`${after} `)) + 1);
};

/** An address of this machine that is not loopback (a remote proxy, as far as rules go), if any. */
const outside = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

const endpoint = (id: string, fields: object) => ({
  id,
  url: `https://hooks.example/${id}`,
  source: 'merchant_api',
  created_at: 1_780_000_000,
  disabled: false,
  status: 'ok',
  ...fields,
});
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
    // --proxy and --token are the root program's (its help shows them for every command).
    assert.match(help.stdout, /how long each check may take \(1 to 300\)/);
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
  it('gives one failure when the proxy is down, and skips what needs it, saying why', async () => {
    const closed = await standIn({});
    await closed.close();
    const ran = await runCli(['doctor', '--proxy', closed.url, '--origin', 'https://shop.example']);
    assert.equal(ran.code, 1);
    assert.match(line(ran.stdout, 'Proxy'), /^✗ FAIL .*refused the connection \(ECONNREFUSED\)/);
    assert.match(ran.stdout, /fix: Check the address \(scheme, host, port, path prefix\)/);
    const rest = linesAfter(ran.stdout, 'Proxy');
    assert.equal(rest.length, 9, ran.stdout);
    // Skipping is transitive: Webhooks needs the token check, which needs the proxy.
    for (const text of rest)
      assert.match(text, /^- skip .*not checked: "Proxy" failed \(above\)\.$/);
    assert.match(ran.stdout, /\n1 failed, /);
  });

  it('gives one failure for a host name that does not resolve', async () => {
    const ran = await runCli(['doctor', '--proxy', 'http://doctor-test.invalid', '--token', 't']);
    assert.equal(ran.code, 1);
    assert.match(line(ran.stdout, 'Proxy'), /^✗ FAIL .*does not resolve \((ENOTFOUND|EAI_AGAIN)\)/);
    for (const text of linesAfter(ran.stdout, 'Proxy')) assert.match(text, /^- skip /);
    assert.match(ran.stdout, /\n1 failed, /);
  });

  it("says a /readyz that is not the proxy's answer: a front end's 404 or its own 503", async () => {
    const hidden = await standIn({ '/healthz': healthy });
    const balancer = await standIn({
      '/healthz': healthy,
      '/readyz': (_, response) =>
        response
          .writeHead(503, { 'Content-Type': 'text/html' })
          .end('<h1>No healthy upstream</h1>'),
    });
    try {
      const notPassed = await runCli(['doctor', '--proxy', hidden.url]);
      assert.match(
        line(notPassed.stdout, 'Ready'),
        /^✗ FAIL .*\/readyz answered 404: whatever is in front/,
      );
      assert.match(notPassed.stdout, /fix: Route \/readyz \(and \/healthz\) to the proxy/);
      const own = await runCli(['doctor', '--proxy', balancer.url]);
      assert.match(
        line(own.stdout, 'Ready'),
        /^✗ FAIL .*503 without the proxy's own body: the front end/,
      );
      assert.match(
        own.stdout,
        /front end before it answered, not the proxy\.\n +fix: Check the reverse proxy or load balancer in front/,
      );
    } finally {
      await hidden.close();
      await balancer.close();
    }
  });

  it('warns when every webhook endpoint is disabled, and fails on a failing one with its reason', async () => {
    const routes = (endpoints: object[]) => ({
      '/healthz': healthy,
      '/admin/checkouts': json({ data: [] }),
      '/admin/callbacks': json({ data: [] }),
      '/admin/webhook-endpoints': json({ data: endpoints }),
      '/admin/webhook-backlog': json({ pending: 2, oldest_pending_at: 1_780_000_000 }),
      '/admin/webhook-deliveries': json({
        data: [{ status_code: 500, error: null }],
      }),
    });
    const disabled = await standIn(routes([endpoint('a', { disabled: true })]));
    const failing = await standIn(
      routes([endpoint('b', { status: 'failing', failing_since: 1_780_000_000 })]),
    );
    try {
      const none = await runCli(['doctor', '--proxy', disabled.url]);
      assert.match(line(none.stdout, 'Webhooks'), /^! warn .*every webhook endpoint is disabled/);
      assert.match(none.stdout, /crypto-pay webhook-endpoints add/);
      const ran = await runCli(['doctor', '--proxy', failing.url]);
      assert.match(
        line(ran.stdout, 'Webhooks'),
        /^✗ FAIL .*https:\/\/hooks\.example\/b failing since 2026-05-28 20:26:40Z \(last: answered 500\); 2 deliveries waiting/,
      );
      assert.match(ran.stdout, /fix: Make that URL answer 2xx/);
      assert.match(ran.stderr, /Webhooks/);
    } finally {
      await disabled.close();
      await failing.close();
    }
  });

  it('says the oldest of a full page of stale payments as that', async () => {
    const data = Array.from({ length: 100 }, (_, index) => ({
      id: `ck_${index}`,
      expires_at: 1_780_000_000 - index,
    }));
    const proxy = await standIn({
      '/healthz': healthy,
      '/admin/checkouts': json({ data, next_before: 'ck_99' }),
      '/admin/callbacks': json({ data: [] }),
    });
    try {
      const ran = await runCli(['doctor', '--proxy', proxy.url]);
      assert.match(
        line(ran.stdout, 'Stale payments'),
        /100 or more stale payments .* the oldest of these 100, ck_99, expired /,
      );
    } finally {
      await proxy.close();
    }
  });

  it("names the cause of each CORS fault, and needs nothing for the proxy's own origin", async () => {
    const shop = 'https://shop.example';
    const seen: (string | undefined)[] = [];
    const cors = (preflight: Record<string, string>, read: Record<string, string>) => ({
      '/healthz': healthy,
      '/api/checkouts': (_: URL, response: ServerResponse) =>
        response.writeHead(204, preflight).end(),
      '/api/config': (url: URL, response: ServerResponse, request: IncomingMessage) => {
        seen.push(request.headers['sec-fetch-site'] as string | undefined);
        json({ payment_currencies: [] }, 200, read)(url, response);
      },
    });
    const allowAll = {
      'Access-Control-Allow-Origin': shop,
      'Access-Control-Allow-Methods': 'GET,POST',
      'Access-Control-Allow-Headers': 'Content-Type,Idempotency-Key',
    };
    const frontOptions = await standIn(
      cors(
        { 'Access-Control-Allow-Origin': shop, 'Access-Control-Allow-Methods': 'GET' },
        { 'Access-Control-Allow-Origin': shop },
      ),
    );
    const cache = await standIn(
      cors(allowAll, { 'Access-Control-Allow-Origin': 'https://other.example' }),
    );
    const star = await standIn(
      cors(
        { ...allowAll, 'Access-Control-Allow-Origin': '*' },
        { 'Access-Control-Allow-Origin': '*' },
      ),
    );
    const same = await standIn(cors({}, {}));
    try {
      const options = await runCli(['doctor', '--proxy', frontOptions.url, '--origin', shop]);
      assert.match(
        line(options.stdout, 'CORS'),
        /^✗ FAIL .*the preflight allows it but not POST; the preflight allows it but not the headers content-type, idempotency-key\.$/,
      );
      assert.match(
        options.stdout,
        /fix: Something in front of the proxy answers OPTIONS itself or strips headers/,
      );
      assert.doesNotMatch(options.stdout, /Add https:\/\/shop\.example to ALLOWED_ORIGINS/);

      const cached = await runCli(['doctor', '--proxy', cache.url, '--origin', shop]);
      assert.match(
        line(cached.stdout, 'CORS'),
        /^✗ FAIL .*the preflight allows it but GET \/api\/config answered 200 without/,
      );
      assert.match(cached.stdout, /fix: A cache in front of the proxy .*Vary: Origin/);

      const starred = await runCli(['doctor', '--proxy', star.url, '--origin', shop]);
      assert.match(line(starred.stdout, 'CORS'), /^✓ ok .*may create checkouts/);

      seen.length = 0;
      const own = new URL(same.url).origin;
      const ownOrigin = await runCli(['doctor', '--proxy', same.url, '--origin', own]);
      assert.match(
        line(ownOrigin.stdout, 'CORS'),
        /^✓ ok .*the proxy's own origin: .* needs no ALLOWED_ORIGINS entry/,
      );
      assert.ok(!seen.includes('cross-site'), String(seen));
    } finally {
      for (const proxy of [frontOptions, cache, star, same]) await proxy.close();
    }
  });

  it('sends no demo token to a proxy off this machine: warns of its plain http and skips the merchant checks', {
    skip: outside === undefined && 'no address but loopback here',
  }, async () => {
    const tokens: (string | undefined)[] = [];
    const proxy = await standIn(
      {
        '/healthz': healthy,
        '/admin/checkouts': (url, response, request) => {
          tokens.push(request.headers.authorization);
          json({ data: [] })(url, response);
        },
      },
      outside,
    );
    try {
      const ran = await runCli(['doctor', '--proxy', proxy.url]);
      assert.match(line(ran.stdout, 'HTTPS'), /^! warn .*is served over plain http/);
      assert.match(
        line(ran.stdout, 'Admin token'),
        /^- skip .*give --token or CRYPTO_PAY_ADMIN_TOKEN/,
      );
      for (const title of ['Webhooks', 'Stale payments', 'Callbacks']) {
        assert.match(
          line(ran.stdout, title),
          /^- skip .*not checked: "Admin token" was not checked/,
        );
      }
      assert.deepEqual(tokens, []);
    } finally {
      await proxy.close();
    }
  });
  it('says an https address whose port speaks plain http, once, with the fix', async () => {
    const proxy = await standIn({ '/healthz': healthy });
    try {
      const ran = await runCli(['doctor', '--proxy', proxy.url.replace('http:', 'https:')]);
      assert.equal(ran.code, 1);
      assert.match(
        line(ran.stdout, 'HTTPS'),
        /^✗ FAIL .*does not speak TLS on that port \(wrong version number\): it answers plain http there\.$/,
      );
      assert.match(ran.stdout, /fix: Give the https port of the front end that ends TLS/);
      for (const text of linesAfter(ran.stdout, 'HTTPS')) {
        assert.match(text, /^- skip .*not checked: "HTTPS" failed \(above\)\.$/);
      }
    } finally {
      await proxy.close();
    }
  });
});
