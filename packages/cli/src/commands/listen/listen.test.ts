import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { newWebhookSecret } from '@crypto-pay/protocol/node';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { invoiceEvent } from '@crypto-pay/test-kit/webhook-events';
import { startWebhookReceiver } from '@crypto-pay/test-kit/webhook-receiver';
import { answerJson, runCli, STREAM_HEAD, standIn } from '../../testing.test-helpers.ts';
import { SECRETS_FILE } from './secret.ts';

/** An invoice event's JSON as the proxy streams it, with the id given (ids sort in order). */
const eventJson = (
  id: string,
  type: 'invoice.confirmed' | 'invoice.failed' = 'invoice.confirmed',
) =>
  JSON.stringify({
    ...invoiceEvent('invoice-7', type === 'invoice.failed' ? 'failed' : 'confirmed'),
    id,
  });
const message = (id: string, type?: 'invoice.confirmed' | 'invoice.failed') =>
  `id: ${id}\ndata: ${eventJson(id, type)}\n\n`;

describe('crypto-pay listen', () => {
  let config: string;
  before(async () => {
    config = await mkdtemp(join(tmpdir(), 'crypto-pay-cli-listen-'));
  });
  after(() => rm(config, { recursive: true, force: true }));
  const env = () => ({ XDG_CONFIG_HOME: config });

  it('refuses wrong usage with exit 2, before any request', async () => {
    const help = await runCli(['listen', '--help']);
    assert.equal(help.code, 0);
    for (const flag of ['--forward-to', '--events', '--print-secret', '--json']) {
      assert.match(help.stdout, new RegExp(flag));
    }
    const missing = await runCli(['listen'], { env: env() });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /listen needs --forward-to/);
    const typo = await runCli(
      ['listen', '--forward-to', 'http://localhost:3000', '--events', 'checkout.payed'],
      {
        env: env(),
      },
    );
    assert.equal(typo.code, 2);
    assert.match(
      typo.stderr,
      /"checkout\.payed" is no event type the proxy writes; did you mean checkout\.paid\?/,
    );
    const unknown = await runCli([
      'listen',
      '--forward-to',
      'http://localhost:3000',
      '--events',
      'refund.done',
    ]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /the checkout types are checkout\.created, checkout\.processing/);
    // A remote proxy gets no demo token: what to pass, before anything is sent.
    const noToken = await runCli(
      [
        'listen',
        '--proxy',
        'https://pay.example.invalid',
        '--forward-to',
        'http://localhost:3000/hooks',
      ],
      { env: env() },
    );
    assert.equal(noToken.code, 2, noToken.stderr);
    assert.match(
      noToken.stderr,
      /\nerror: https:\/\/pay\.example\.invalid is not pnpm start's proxy nor on this machine, so its demo token is not sent there: give --token or CRYPTO_PAY_ADMIN_TOKEN\.\n$/,
    );
    assert.doesNotMatch(noToken.stderr, /broke|ENOTFOUND|Listening/);
    for (const address of ['ftp://localhost/hooks', '3000', 'localhost:3000/hooks']) {
      const wrong = await runCli(['listen', '--forward-to', address], { env: env() });
      assert.equal(wrong.code, 2, address);
      assert.match(
        wrong.stderr,
        /--forward-to <url>' argument .* is invalid\. Give an http or https address with its scheme, like http:\/\/localhost:3000\/webhooks\./,
      );
    }
    // Every event would fail `bad port`: refused with the flag, as --proxy is.
    const blocked = await runCli(['listen', '--forward-to', 'http://localhost:6000/hooks'], {
      env: env(),
    });
    assert.equal(blocked.code, 2, blocked.stderr);
    assert.match(
      blocked.stderr,
      /--forward-to <url>' argument 'http:\/\/localhost:6000\/hooks' is invalid\. http:\/\/localhost:6000 is on port 6000, which fetch never connects to \(a port of another protocol, blocked as browsers block it\): nothing was sent\. Run it on another port, such as 3000\.\n/,
    );
  });

  it('prints the secret alone with --print-secret, the same every time, without the proxy', async () => {
    const proxy = 'http://127.0.0.1:0'; // nothing listens there: the secret is local
    const first = await runCli(['listen', '--print-secret', '--proxy', proxy], { env: env() });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^whsec_[A-Za-z0-9+/]{43}=\n$/);
    const second = await runCli(['listen', '--print-secret', '--proxy', proxy], { env: env() });
    assert.equal(second.stdout, first.stdout);
    const other = await runCli(['listen', '--print-secret', '--proxy', 'http://127.0.0.1:10'], {
      env: env(),
    });
    assert.notEqual(other.stdout, first.stdout);
  });

  it('forwards what the stream sends, and resumes after a drop with Last-Event-ID', async () => {
    const proxy = await standIn((_, response, index) => {
      response.writeHead(200, STREAM_HEAD);
      if (index === 0) {
        // The first connection: one event, then the proxy goes away.
        response.end(`: ready\n\n${message('evt_000000000001abcdefgh', 'invoice.confirmed')}`);
      } else {
        response.write(`: ready\n\n${message('evt_000000000002abcdefgh', 'invoice.failed')}`);
      }
    });
    const stop = new AbortController();
    const secret = (
      await runCli(['listen', '--print-secret', '--proxy', proxy.url], { env: env() })
    ).stdout.trim();
    const receiver = await startWebhookReceiver(secret);
    try {
      const running = runCli(
        [
          'listen',
          '--proxy',
          proxy.url,
          '--forward-to',
          receiver.url,
          '--events',
          'invoice.confirmed,invoice.failed',
        ],
        { env: env(), signal: stop.signal },
      );
      await eventually(() => receiver.delivered().size === 2, 'both events to arrive');
      stop.abort();
      const ran = await running;
      assert.equal(ran.code, 0, ran.stderr);
      assert.deepEqual(
        receiver.received.map((item) => [item.event?.id, item.refusal]),
        [
          ['evt_000000000001abcdefgh', undefined],
          ['evt_000000000002abcdefgh', undefined],
        ],
      );
      assert.equal(
        proxy.requests[0]!.url,
        '/admin/events/stream?types=invoice.confirmed,invoice.failed',
      );
      assert.equal(proxy.requests[0]!.headers['last-event-id'], undefined);
      assert.equal(proxy.requests[1]!.headers['last-event-id'], 'evt_000000000001abcdefgh');
      assert.match(
        ran.stderr,
        new RegExp(
          `Your webhook signing secret is ${secret.replace(/[+/]/g, '\\$&')} \\(kept for ${proxy.url} in `,
        ),
      );
      assert.match(
        ran.stderr,
        /events \(invoice\.confirmed, invoice\.failed\), forwarding to http:\/\/127\.0\.0\.1:\d+\/hooks\./,
      );
      assert.match(
        ran.stderr,
        /Lost the proxy's event stream \(the proxy closed it\); reconnecting…\nReconnected; resuming after evt_000000000001abcdefgh\./,
      );
      assert.match(ran.stderr, /Stopped\.\n$/);
      const lines = ran.stdout.trim().split('\n');
      assert.equal(lines.length, 2, ran.stdout);
      assert.match(
        lines[0]!,
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}invoice\.confirmed {2}evt_000000000001abcdefgh {2}→ 204 \(\d+ ms\)$/,
      );
    } finally {
      stop.abort();
      await receiver.close();
      await proxy.close();
    }
  });

  it('prints one JSON object per attempt with --json', async () => {
    const proxy = await standIn((_, response) => {
      response.writeHead(200, STREAM_HEAD);
      response.write(`: ready\n\n${message('evt_000000000003abcdefgh')}`);
    });
    const stop = new AbortController();
    const receiver = await startWebhookReceiver(newWebhookSecret());
    let reported = false;
    try {
      const running = runCli(
        ['listen', '--proxy', proxy.url, '--forward-to', receiver.url, '--json'],
        {
          env: env(),
          signal: stop.signal,
          onStdout: () => {
            reported = true;
          },
        },
      );
      await eventually(() => reported, 'the first attempt to be reported');
      stop.abort();
      const ran = await running;
      assert.equal(ran.code, 0, ran.stderr);
      // Signed with another secret than the receiver's: it answers 400, and listen says so.
      const line = JSON.parse(ran.stdout.split('\n')[0]!);
      assert.deepEqual(
        { ...line, time: undefined, duration_ms: undefined },
        {
          time: undefined,
          duration_ms: undefined,
          type: 'invoice.confirmed',
          event_id: 'evt_000000000003abcdefgh',
          outcome: 'retrying',
          status: 400,
          error: 'answered 400',
          attempt: 1,
          attempts: 3,
          retry_in_ms: 2000,
        },
      );
      assert.match(
        ran.stderr,
        /Stopped; not delivered \(GET \/admin\/events lists them\):\n {2}evt_000000000003abcdefgh invoice\.confirmed\n$/,
      );
    } finally {
      stop.abort();
      await receiver.close();
      await proxy.close();
    }
  });

  it('ends with exit 1 and the fix on a wrong token, a proxy without the stream, or no proxy', async () => {
    const proxy = await standIn((request, response) => {
      if (request.url === '/healthz') return answerJson(response, 200, { status: 'ok' });
      const ok = request.headers.authorization === 'Bearer right-token';
      response.writeHead(ok ? 404 : 401, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify(
          ok
            ? { error: 'There is nothing at this address.', code: 'not_found' }
            : { error: 'The admin token is missing or wrong.', code: 'unauthorized' },
        ),
      );
    });
    try {
      const args = ['listen', '--proxy', proxy.url, '--forward-to', 'http://127.0.0.1:0/hooks'];
      const wrong = await runCli([...args, '--token', 'wrong-token'], { env: env() });
      assert.equal(wrong.code, 1);
      // Which proxy, then the refusal alone: it never listened, so no "Listening" nor "Stopped".
      assert.match(
        wrong.stderr,
        /^Proxy \S+ \(--proxy\), token from --token\.\nThe proxy at \S+ refused \(401 unauthorized\): The admin token is missing or wrong\. The token came from --token: give the proxy's ADMIN_TOKEN[^\n]*\n$/,
      );
      assert.doesNotMatch(wrong.stderr, /wrong-token/);
      const old = await runCli([...args, '--token', 'right-token'], { env: env() });
      assert.equal(old.code, 1);
      assert.match(
        old.stderr,
        /has no route for GET \/admin\/events\/stream \(404\): its merchant API is off \(it is on once the proxy has an ADMIN_TOKEN\), or the proxy is older than this command line/,
      );
    } finally {
      await proxy.close();
    }
    // A port of its own: this process may still hold a kept-alive socket to the stand-in's.
    const gone = await standIn(() => {});
    await gone.close();
    const none = await runCli(
      ['listen', '--proxy', gone.url, '--forward-to', 'http://127.0.0.1:0/hooks'],
      {
        env: env(),
      },
    );
    assert.equal(none.code, 1);
    assert.match(none.stderr, /refused the connection \(ECONNREFUSED\): nothing listens there/);
  });

  it('says an address is no crypto-pay proxy, and keeps no secret for it', async () => {
    // A shop's dev server, say: a page or a 404 for every path.
    const shop = await standIn((_, response) =>
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>'),
    );
    try {
      const ran = await runCli(
        ['listen', '--proxy', shop.url, '--forward-to', 'http://127.0.0.1:0/hooks'],
        { env: env() },
      );
      assert.equal(ran.code, 1);
      assert.equal(
        ran.stderr.slice(ran.stderr.indexOf('\n') + 1),
        `${shop.url} is not a crypto-pay proxy: its /healthz does not answer as the proxy's ({"status":"ok"}). Give the proxy's address with --proxy or CRYPTO_PAY_PROXY_URL (pnpm start runs one at http://127.0.0.1:8787).\n`,
      );
      const kept = await readFile(join(config, 'crypto-pay', SECRETS_FILE), 'utf8').catch(() => '');
      assert.ok(!kept.includes(shop.url), kept);
    } finally {
      await shop.close();
    }
  });

  it('stops cleanly on a refusal after it was ready (a token changed meanwhile), with exit 1', async () => {
    const proxy = await standIn((_, response, index) => {
      if (index === 0) {
        response.writeHead(200, STREAM_HEAD);
        response.end(`: ready\n\n${message('evt_000000000010abcdefgh')}`);
        return;
      }
      response.writeHead(401, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ error: 'The admin token is missing or wrong.', code: 'unauthorized' }),
      );
    });
    try {
      // Nothing listens at the handler's address: the event is retried, then dropped at the stop.
      const ran = await runCli(
        ['listen', '--proxy', proxy.url, '--forward-to', 'http://127.0.0.1:0/hooks'],
        { env: env() },
      );
      assert.equal(ran.code, 1, ran.stderr);
      assert.match(ran.stderr, /refused \(401 unauthorized\)/);
      assert.match(
        ran.stderr,
        /Stopped; not delivered \(GET \/admin\/events lists them\):\n {2}evt_000000000010abcdefgh invoice\.confirmed\n/,
      );
    } finally {
      await proxy.close();
    }
  });
});
