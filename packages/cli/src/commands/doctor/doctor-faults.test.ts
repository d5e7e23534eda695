import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { runCli } from '../../testing.test-helpers.ts';
import {
  endpoint,
  healthy,
  json,
  line,
  linesAfter,
  outside,
  standIn,
} from './stand-in.test-helpers.ts';

describe('crypto-pay doctor: each fault said once, with the fix for its cause', () => {
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

  it('names the one credential the processing service refuses, as the merchant API says it', async () => {
    // The public API leaves the service's code out; the merchant API, asked with the token, says it.
    const refused = json(
      {
        error: 'The processing service refused the merchant configuration.',
        code: 'upstream_refused',
      },
      502,
    );
    const proxy = await standIn({
      '/admin/currencies': json(
        {
          error: `The processing service refused the proxy's credentials ("Bad signature header", bad_header_signature): check PROCESSING_SIGNING_SECRET on the proxy.`,
          code: 'upstream_refused',
          upstream_code: 'bad_header_signature',
        },
        502,
      ),
      '/healthz': healthy,
      '/readyz': json(
        { error: 'The proxy is not ready.', code: 'not_ready', store: 'ok', upstream: 'failing' },
        503,
      ),
      '/api/config': refused,
    });
    try {
      const ran = await runCli(['doctor', '--proxy', proxy.url]);
      assert.match(
        line(ran.stdout, 'Ready'),
        /^✗ FAIL .*not ready: the processing service refuses the proxy's credentials/,
      );
      const fix =
        "fix: The processing service refuses the proxy's credentials (bad_header_signature): check PROCESSING_SIGNING_SECRET.";
      assert.equal(ran.stdout.split(fix).length, 3, ran.stdout);
      assert.doesNotMatch(ran.stdout, /PROCESSING_API_KEY/);
    } finally {
      await proxy.close();
    }
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
