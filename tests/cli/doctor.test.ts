// `crypto-pay doctor` against the test kit's stacks (the built proxy and sandbox as processes),
// through the built bin: it passes on a good stack and names each fault with exit 1. Each
// describe has its own stack and no test depends on another's state: the good stack's tests
// only read (or add what the others do not look at), faults are made on stacks of their own.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Page, STALE_CAUSES, type WebhookEndpoint } from '@crypto-pay/protocol/merchant-api';
import { certificateAuthority, type IssuedCertificate } from '@crypto-pay/test-kit/certificates';
import { createdCheckout, paymentRequestOf } from '@crypto-pay/test-kit/checkouts';
import { ensureWidgetBuilt } from '@crypto-pay/test-kit/demo';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { freePort, ROOT } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { startTcpRelay, type TcpRelay } from '@crypto-pay/test-kit/tcp-relay';
import { runBin } from './bin.ts';

/** The origin startStack's proxy allows (its ALLOWED_ORIGINS). */
const SHOP = 'https://shop.example';

/** The checklist's line of `title`, as printed: `✓ ok    CORS            …`. */
function lineOf(stdout: string, title: string): string {
  const line = stdout.split('\n').find((text) => text.slice(8).startsWith(`${title} `));
  assert.ok(line, `no line for ${title} in:\n${stdout}`);
  return line;
}

/** Every check after HTTPS is skipped because of it: one failure, said once. */
function onlyHttpsFailed(stdout: string): void {
  const lines = stdout
    .split('\n\n')[0]!
    .split('\n')
    .filter((text) => !text.startsWith(' '));
  assert.equal(lines.length, 11, stdout);
  for (const text of lines.slice(1)) {
    assert.match(text, /^- skip .*not checked: "HTTPS" failed \(above\)\.$/, stdout);
  }
  assert.match(stdout, /\n1 failed, /);
}

/** TLS ended before the proxy, as a load balancer does: https on loopback. */
async function tlsFront(certificate: IssuedCertificate, proxyUrl: string) {
  const { hostname, port } = new URL(proxyUrl);
  const relay: TcpRelay = await startTcpRelay({ host: hostname, port: Number(port) }, 0, {
    tls: certificate,
  });
  return { url: `https://127.0.0.1:${relay.port}`, close: () => relay.close() };
}

describe('crypto-pay doctor', () => {
  let stack: Stack;
  let env: Record<string, string>;
  before(async () => {
    ensureWidgetBuilt(true);
    stack = await startStack();
    env = { CRYPTO_PAY_PROXY_URL: stack.proxy.url, CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken };
  });
  after(() => stack?.stop());

  it('passes on a good stack with the shop’s origin and the widget’s script', async () => {
    const script = join(ROOT, 'packages/widget/dist/crypto-pay.bundled.js');
    const ran = await runBin(['doctor', '--origin', SHOP, '--widget-script', script], { env });
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    assert.match(lineOf(ran.stdout, 'Proxy'), /^✓ ok .* answers at .*, release \d+\.\d+\.\d+\.$/);
    assert.match(lineOf(ran.stdout, 'Ready'), /^✓ ok /);
    assert.match(lineOf(ran.stdout, 'HTTPS'), /^✓ ok .*plain http on loopback/);
    assert.match(
      lineOf(ran.stdout, 'CORS'),
      /^✓ ok .*https:\/\/shop\.example may create checkouts/,
    );
    assert.match(lineOf(ran.stdout, 'Currencies'), /^✓ ok .*lists \d+ payment currencies: BTC/);
    assert.match(lineOf(ran.stdout, 'Widget parts'), /^✓ ok .*the widget \S+'s parts are served/);
    assert.match(lineOf(ran.stdout, 'Admin token'), /^✓ ok .*CRYPTO_PAY_ADMIN_TOKEN/);
    assert.match(lineOf(ran.stdout, 'Webhooks'), /^! warn .*no webhook endpoint/);
    assert.match(lineOf(ran.stdout, 'Clock'), /^✓ ok /);
    assert.match(ran.stdout, /\nNothing failed, 1 warning, \d+ ok\.\n$/);

    const json = await runBin(['doctor', '--json'], { env });
    assert.equal(json.code, 0, json.stderr);
    const report = JSON.parse(json.stdout) as {
      ok: boolean;
      checks: { id: string; outcome: string }[];
    };
    assert.equal(report.ok, true);
    assert.deepEqual(
      report.checks.map((check) => check.id),
      [
        'https',
        'proxy',
        'ready',
        'cors',
        'currencies',
        'widget',
        'token',
        'webhooks',
        'stale',
        'callbacks',
        'clock',
      ],
    );
  });

  it('names a wrong origin and a wrong token, each with its fix, and exit 1', async () => {
    const ran = await runBin(
      ['doctor', '--origin', 'https://other.example', '--token', 'not-the-admin-token'],
      { env },
    );
    assert.equal(ran.code, 1, ran.stdout + ran.stderr);
    const cors = lineOf(ran.stdout, 'CORS');
    assert.match(
      cors,
      /^✗ FAIL .*https:\/\/other\.example is not allowed: .*403 origin_not_allowed/,
    );
    assert.match(ran.stdout, /fix: Add https:\/\/other\.example to ALLOWED_ORIGINS/);
    assert.match(
      lineOf(ran.stdout, 'Admin token'),
      /^✗ FAIL .*refused the token from --token \(401 /,
    );
    assert.match(
      ran.stdout,
      /fix: Give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN\./,
    );
    // What needs the token says so once, instead of three more refusals.
    assert.match(lineOf(ran.stdout, 'Webhooks'), /^- skip .*"Admin token" failed/);
    // The other checks are still made.
    assert.match(lineOf(ran.stdout, 'Currencies'), /^✓ ok /);
    assert.match(ran.stdout, /\n2 failed, /);
    assert.match(ran.stderr, /crypto-pay doctor: CORS, Admin token failed\./);
    assert.doesNotMatch(ran.stdout + ran.stderr, /not-the-admin-token/);
  });

  it('tells when the last callback came', async () => {
    const checkout = await createdCheckout(stack.proxy.url);
    const request = await paymentRequestOf(stack, checkout);
    await stack.control(`/payment-requests/${request.id}/simulate`, { outcome: 'paid' });
    await eventually(
      async () =>
        (await fetch(`${stack.proxy.url}/api/checkouts/${checkout.id}`).then((r) => r.json()))
          .status === 'paid',
      'the checkout paid',
    );
    const ran = await runBin(['doctor'], { env });
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    assert.match(
      lineOf(ran.stdout, 'Callbacks'),
      /^✓ ok .*the last one came (less than a minute|1 min) ago \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\): payment_request paid, applied\.$/,
    );
  });

  it('names a widget script whose release the proxy does not serve', async () => {
    // The shop's copy of another release, served from its own server (CORS open, as a CDN is).
    const entry = readFileSync(join(ROOT, 'packages/widget/dist/crypto-pay.bundled.js'), 'utf8');
    const older = entry.replace(/widget\/[\w.+-]+\/chunks\//, 'widget/0.0.1-old/chunks/');
    assert.notEqual(older, entry);
    const shop = createServer((_, response) =>
      response
        .writeHead(200, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' })
        .end(older),
    );
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = shop.address() as { port: number };
      const script = `http://127.0.0.1:${port}/assets/crypto-pay.bundled.js`;
      const ran = await runBin(['doctor', '--origin', SHOP, '--widget-script', script], { env });
      assert.equal(ran.code, 1, ran.stdout + ran.stderr);
      assert.match(
        lineOf(ran.stdout, 'Widget parts'),
        /^✗ FAIL .*does not serve the parts of the widget 0\.0\.1-old: .*404 widget_version_mismatch/,
      );
      assert.match(ran.stdout, /fix: Deploy the crypto-pay\.bundled\.js of the proxy's release/);
    } finally {
      await new Promise((resolve) => shop.close(resolve));
    }
  });

  it('checks the certificate over https: its expiry when trusted, each refusal in words', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-doctor-'));
    const fronts: { close(): Promise<unknown> }[] = [];
    const front = async (certificate: IssuedCertificate) => {
      const made = await tlsFront(certificate, stack.proxy.url);
      fronts.push(made);
      return made.url;
    };
    try {
      const ca = certificateAuthority(dir, 'Doctor Test CA');
      const issued = ca.issue({ days: 40 });
      const trusted = {
        ...env,
        CRYPTO_PAY_PROXY_URL: await front(issued),
        NODE_EXTRA_CA_CERTS: ca.caFile,
      };
      const ran = await runBin(['doctor', '--origin', SHOP], { env: trusted });
      assert.equal(ran.code, 0, ran.stdout + ran.stderr);
      // The figure printed is the certificate's own: its notAfter, and whole days until then.
      const validTo = Date.parse(new X509Certificate(issued.cert).validTo);
      const until = new Date(validTo)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z');
      const days = Math.floor((validTo - Date.now()) / 86_400_000);
      const https = lineOf(ran.stdout, 'HTTPS');
      assert.ok(https.startsWith('✓ ok '), https);
      assert.match(https, /trusted certificate by Doctor Test CA, valid until /);
      assert.ok(https.includes(`valid until ${until} (`), https);
      assert.match(https, new RegExp(`\\((${days}|${days - 1}) days\\)\\.$`));
      // Every other check went through TLS too.
      assert.match(lineOf(ran.stdout, 'CORS'), /^✓ ok /);
      assert.match(lineOf(ran.stdout, 'Admin token'), /^✓ ok /);

      const expiring = await runBin(['doctor', '--proxy', await front(ca.issue({ days: 5 }))], {
        env: { ...trusted, CRYPTO_PAY_PROXY_URL: undefined },
      });
      assert.equal(expiring.code, 0, expiring.stdout + expiring.stderr);
      assert.match(
        lineOf(expiring.stdout, 'HTTPS'),
        /^! warn .*expires in less than 14 days: valid until .* \([45] days\)/,
      );

      // Nothing else can be asked over a connection this machine does not trust.
      const untrusted = await runBin(['doctor'], {
        env: { ...trusted, NODE_EXTRA_CA_CERTS: undefined },
      });
      assert.equal(untrusted.code, 1, untrusted.stdout + untrusted.stderr);
      assert.match(
        lineOf(untrusted.stdout, 'HTTPS'),
        /^✗ FAIL .*the certificate is not trusted: its issuer is unknown here: .*\(UNABLE_TO_VERIFY_LEAF_SIGNATURE; issued by Doctor Test CA/,
      );
      assert.match(untrusted.stdout, /fix: Serve the full chain .*NODE_EXTRA_CA_CERTS=ca\.pem/);
      onlyHttpsFailed(untrusted.stdout);

      const otherName = await front(ca.issue({ altName: 'DNS:pay.example.com' }));
      const wrongName = await runBin(['doctor', '--proxy', otherName], {
        env: { ...trusted, CRYPTO_PAY_PROXY_URL: undefined },
      });
      assert.equal(wrongName.code, 1, wrongName.stdout + wrongName.stderr);
      assert.match(
        lineOf(wrongName.stdout, 'HTTPS'),
        /^✗ FAIL .*the certificate is for another name than 127\.0\.0\.1 \(ERR_TLS_CERT_ALTNAME_INVALID;/,
      );
      assert.match(
        wrongName.stdout,
        /fix: Serve a certificate whose names \(subjectAltName\) include 127\.0\.0\.1/,
      );
      onlyHttpsFailed(wrongName.stdout);

      const old = await front(ca.issue({ expired: true }));
      const expired = await runBin(['doctor', '--proxy', old], {
        env: { ...trusted, CRYPTO_PAY_PROXY_URL: undefined },
      });
      assert.equal(expired.code, 1, expired.stdout + expired.stderr);
      assert.match(
        lineOf(expired.stdout, 'HTTPS'),
        /^✗ FAIL .*the certificate expired on 2020-02-01 00:00:00Z\.$/,
      );
      assert.match(expired.stdout, /fix: Renew the certificate of the proxy's address/);
      onlyHttpsFailed(expired.stdout);
    } finally {
      for (const made of fronts) await made.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('crypto-pay doctor: webhooks and stale payments', () => {
  /** The shortest lifetime the service takes. */
  const LIFETIME_SECONDS = 300;
  let stack: Stack;
  let env: Record<string, string>;
  before(async () => {
    // As tests/reliability/stale-payments.test.ts: the sandbox's clock runs two lifetimes behind,
    // so a payment request is past its expiry by the proxy's clock as soon as it is made.
    stack = await startStack({
      proxyEnv: {
        PAYMENT_LIFETIME_SECONDS: String(LIFETIME_SECONDS),
        STALE_AFTER_SECONDS: '1',
        STALE_SWEEP_INTERVAL_MS: '200',
      },
      sandboxEnv: { SANDBOX_CLOCK_SKEW_SECONDS: String(-(2 * LIFETIME_SECONDS + 100)) },
    });
    env = { CRYPTO_PAY_PROXY_URL: stack.proxy.url, CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken };
  });
  after(() => stack?.stop());

  it('warns of a webhook endpoint whose deliveries fail, with the reason', async () => {
    const closed = `http://127.0.0.1:${await freePort()}/hooks`;
    const added = await fetch(`${stack.proxy.url}/admin/webhook-endpoints`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.adminToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: closed }),
    });
    assert.equal(added.status, 201);
    await createdCheckout(stack.proxy.url);
    await eventually(async () => {
      const answer = await fetch(`${stack.proxy.url}/admin/webhook-endpoints`, {
        headers: { Authorization: `Bearer ${stack.adminToken}` },
      });
      const { data } = (await answer.json()) as Page<WebhookEndpoint>;
      return data.some((endpoint) => endpoint.status === 'retrying');
    }, 'the endpoint retrying');
    const ran = await runBin(['doctor'], { env });
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    const webhooks = lineOf(ran.stdout, 'Webhooks');
    assert.ok(webhooks.startsWith('! warn '), webhooks);
    assert.ok(webhooks.includes(`${closed} retrying since `), webhooks);
    assert.match(
      webhooks,
      /\(last: connection failed \(ECONNREFUSED\)\); \d+ deliver(y|ies) waiting, the oldest since /,
    );
    assert.match(ran.stdout, /fix: Make that URL answer 2xx/);
  });

  it('warns of stale payments whose callbacks never came, with the public callback address', async () => {
    const faults = await stack.control('/faults', { drop_callbacks: true });
    assert.equal(faults.status, 200, faults.text);
    const checkout = await createdCheckout(stack.proxy.url);
    await eventually(async () => {
      const answer = await fetch(`${stack.proxy.url}/admin/checkouts?stale=true`, {
        headers: { Authorization: `Bearer ${stack.adminToken}` },
      });
      const { data } = (await answer.json()) as Page<{ id: string }>;
      return data.some(({ id }) => id === checkout.id);
    }, 'the checkout stale');
    const ran = await runBin(['doctor'], { env });
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    assert.match(
      lineOf(ran.stdout, 'Stale payments'),
      /^! warn .*\d+ stale payments? .*the oldest, /,
    );
    assert.match(ran.stdout, /public https address followed by \/callbacks\/processing/);
    assert.ok(ran.stdout.includes(STALE_CAUSES), ran.stdout);
    assert.ok(!ran.stdout.includes(`${stack.proxy.url}/callbacks`), ran.stdout);
    assert.match(
      lineOf(ran.stdout, 'Callbacks'),
      /^! warn .*none received yet, and payments are stale/,
    );
  });
});

describe('crypto-pay doctor: the processing service', () => {
  let stack: Stack;
  let env: Record<string, string>;
  before(async () => {
    // The proxy signs with a key the sandbox does not know.
    stack = await startStack({ proxyEnv: { PROCESSING_API_KEY: 'not-the-sandbox-key' } });
    env = { CRYPTO_PAY_PROXY_URL: stack.proxy.url, CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken };
  });
  after(() => stack?.stop());

  it('names a key the service refuses, then the service down', async () => {
    const refused = await runBin(['doctor', '--origin', SHOP], { env });
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(lineOf(refused.stdout, 'Currencies'), /^✗ FAIL .*\(502 upstream_refused\)/);
    assert.match(
      lineOf(refused.stdout, 'Ready'),
      /^✗ FAIL .*not ready: the processing service refuses the proxy's credentials/,
    );
    assert.doesNotMatch(refused.stdout, /PROCESSING_BASE_URL/);
    assert.match(
      refused.stdout,
      /fix: The processing service refuses the proxy's credentials \(bad_header_key\): check PROCESSING_API_KEY\./,
    );

    await stack.sandbox.stop();
    // The proxy's answers follow once it has asked the service again.
    await eventually(async () => {
      const answer = await fetch(`${stack.proxy.url}/api/config`);
      const { code } = (await answer.json()) as { code?: string };
      return code !== undefined && code !== 'upstream_refused';
    }, '/api/config seeing the service down');
    const ran = await runBin(['doctor', '--origin', SHOP], { env });
    assert.equal(ran.code, 1, ran.stdout + ran.stderr);
    assert.match(
      lineOf(ran.stdout, 'Ready'),
      /^✗ FAIL .*not ready: the processing service does not answer the proxy/,
    );
    assert.match(ran.stdout, /fix: Check PROCESSING_BASE_URL and PROCESSING_PAYMENTS_BASE_URL/);
    assert.match(lineOf(ran.stdout, 'CORS'), /^✓ ok /);
  });
});
