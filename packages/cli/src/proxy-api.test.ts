import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { CommandFailed } from './failures.ts';
import { failureCause, proxyApi } from './proxy-api.ts';
import { targetOf } from './target.ts';
import { runCli } from './testing.test-helpers.ts';
import { CLI_VERSION } from './version.ts';

/** A proxy stand-in on loopback; `onRequest` is told of each request as it arrives. */
async function standIn(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: IncomingMessage[] = [];
  let arrived = () => {};
  const first = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const http = createServer((request, response) => {
    seen.push(request);
    arrived();
    answer(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    seen,
    first,
    close: () => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(resolve));
    },
  };
}

const refusing = (status: number, body: object) => (_: IncomingMessage, response: ServerResponse) =>
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

describe('proxyApi', () => {
  it('ends a call at its own timeout and says that figure', async () => {
    const proxy = await standIn(() => {});
    try {
      const api = proxyApi(targetOf({ proxy: proxy.url }, {}), { timeoutMs: 200 });
      await assert.rejects(api.get('/admin/checkouts'), (error: Error) => {
        assert.ok(error instanceof CommandFailed);
        assert.equal(error.message, `${proxy.url} did not answer within 0.2 s.`);
        return true;
      });
    } finally {
      await proxy.close();
    }
  });

  it('sends the token to the merchant API and none to a public route', async () => {
    const proxy = await standIn(refusing(200, {}));
    try {
      const api = proxyApi(targetOf({ proxy: proxy.url, token: 'tok' }, {}));
      await (await api.fetchPublic('/healthz')).body?.cancel();
      await (await api.fetch('/admin/checkouts')).body?.cancel();
      assert.deepEqual(
        proxy.seen.map((request) => request.headers.authorization),
        [undefined, 'Bearer tok'],
      );
    } finally {
      await proxy.close();
    }
  });

  it('says why a fetch failed by its cause code, else its message', () => {
    assert.equal(
      failureCause(new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } })),
      'ECONNRESET',
    );
    assert.equal(failureCause(new Error('socket hang up')), 'socket hang up');
  });
});

describe('commands over proxyApi', () => {
  it('ends a 422 for a value the user gave with exit 2, one for its own fixture with exit 1, and says a status once', async () => {
    const user = await standIn(
      refusing(422, {
        error: 'The status is not one of created, paid.',
        code: 'invalid_query',
        field: 'status',
      }),
    );
    const own = await standIn(
      refusing(422, {
        error: 'The first name is required.',
        code: 'invalid_request',
        field: 'sender_data.first_name',
      }),
    );
    const service = await standIn(
      refusing(404, { error: 'The currency is incorrect.', code: 404 }),
    );
    try {
      const byUser = await runCli(['checkouts', 'list', '--proxy', user.url]);
      assert.equal(byUser.code, 2, byUser.stderr);
      assert.match(byUser.stderr, /refused \(422 invalid_query\): The status is not one of/);
      const byCli = await runCli(['checkouts', 'list', '--proxy', own.url]);
      assert.equal(byCli.code, 1, byCli.stderr);
      // The processing service's refusal, passed through with its code: its status, said once.
      const byService = await runCli(['checkouts', 'list', '--proxy', service.url]);
      assert.equal(byService.code, 1, byService.stderr);
      assert.match(byService.stderr, /refused \(404\): The currency is incorrect\.\n$/);
    } finally {
      await user.close();
      await own.close();
      await service.close();
    }
  });

  it('leaves an aborted call (Ctrl-C) to run, never "could not be reached"', async () => {
    const proxy = await standIn(() => {});
    try {
      const stop = new AbortController();
      const ran = runCli(['checkouts', 'list', '--proxy', proxy.url], { signal: stop.signal });
      await proxy.first;
      stop.abort();
      const { code, stderr } = await ran;
      // Not done: exit 1, said as a stop, not as a proxy out of reach.
      assert.equal(code, 1, stderr);
      assert.match(stderr, /Stopped before the command finished\./);
      assert.doesNotMatch(stderr, /could not be reached|aborted/);
    } finally {
      await proxy.close();
    }
  });

  it('refuses to send a command to a remote proxy without a token, sending nothing', async () => {
    const ran = await runCli(['checkouts', 'list', '--proxy', 'https://pay.example.invalid']);
    assert.equal(ran.code, 2, ran.stderr);
    assert.match(ran.stderr, /give --token or CRYPTO_PAY_ADMIN_TOKEN/);
    assert.doesNotMatch(ran.stderr, /ENOTFOUND|reached/);
  });

  it("names pnpm start only for pnpm start's own address when nothing listens", async () => {
    const proxy = await standIn(() => {});
    await proxy.close();
    const ran = await runCli(['checkouts', 'list', '--proxy', proxy.url]);
    assert.equal(ran.code, 1);
    assert.match(ran.stderr, /refused the connection \(ECONNREFUSED\): nothing listens there/);
    assert.doesNotMatch(ran.stderr, /`pnpm start` runs/);
  });

  it("asks /healthz on a 404 that is not the proxy's words: no proxy, or one without the route", async () => {
    // A shop's dev server, say: a page for every path, /healthz too.
    const shop = await standIn((_, response) =>
      response.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>'),
    );
    // A proxy whose merchant API is off (no ADMIN_TOKEN), or older: its own unmatched 404.
    const proxy = await standIn((request, response) =>
      request.url === '/healthz'
        ? refusing(200, { status: 'ok' })(request, response)
        : refusing(404, { error: 'There is nothing at this address.', code: 'not_found' })(
            request,
            response,
          ),
    );
    // The proxy's own 404 of a thing it does not have: said in its words, /healthz not asked.
    const missing = await standIn(
      refusing(404, { error: 'There is no checkout with this id.', code: 'checkout_not_found' }),
    );
    try {
      const notProxy = await runCli(['checkouts', 'list', '--proxy', shop.url]);
      assert.equal(notProxy.code, 1, notProxy.stderr);
      assert.match(
        notProxy.stderr,
        new RegExp(
          `\\n${shop.url.replaceAll('.', '\\.')} is not a crypto-pay proxy: its /healthz does not answer as the proxy's`,
        ),
      );
      assert.deepEqual(
        shop.seen.map((request) => request.url),
        ['/admin/checkouts?limit=20', '/healthz'],
      );
      const off = await runCli(['webhook-endpoints', 'disable', 'whe_1', '--proxy', proxy.url]);
      assert.equal(off.code, 1, off.stderr);
      assert.match(
        off.stderr,
        new RegExp(
          `\\nThe proxy at \\S+ has no route for PATCH /admin/webhook-endpoints/whe_1 \\(404\\): its merchant API is off \\(it is on once the proxy has an ADMIN_TOKEN\\), or the proxy is older than this command line \\(release ${CLI_VERSION}\\): upgrade it\\.\\n$`,
        ),
      );
      const absent = await runCli(['checkouts', 'show', 'chk_1', '--proxy', missing.url]);
      assert.equal(absent.code, 1, absent.stderr);
      assert.match(
        absent.stderr,
        /refused \(404 checkout_not_found\): There is no checkout with this id\./,
      );
      assert.deepEqual(
        missing.seen.map((request) => request.url),
        ['/admin/checkouts/chk_1'],
      );
    } finally {
      await shop.close();
      await proxy.close();
      await missing.close();
    }
  });

  it('says a 405 is a proxy of another build, and a 404 of one of its own release either of the two', async () => {
    // A release alike rules nothing out: two builds of one release can differ in routes.
    const same = await standIn((request, response) =>
      request.url === '/healthz'
        ? refusing(200, { status: 'ok', version: CLI_VERSION })(request, response)
        : refusing(404, { error: 'There is nothing at this address.', code: 'not_found' })(
            request,
            response,
          ),
    );
    // The address is known, not the method: the merchant API is on, the builds differ.
    const other = await standIn((request, response) =>
      request.url === '/healthz'
        ? refusing(200, { status: 'ok', version: '0.0.1' })(request, response)
        : response.writeHead(405, { 'Content-Type': 'application/json', Allow: 'GET, DELETE' }).end(
            JSON.stringify({
              error: 'This address takes GET and DELETE, not PATCH.',
              code: 'method_not_allowed',
            }),
          ),
    );
    try {
      const ranSame = await runCli(['webhook-endpoints', 'enable', 'whe_1', '--proxy', same.url]);
      assert.equal(ranSame.code, 1, ranSame.stderr);
      assert.match(
        ranSame.stderr,
        /\nThe proxy at \S+ has no route for PATCH \/admin\/webhook-endpoints\/whe_1 \(404\): its merchant API is off \(it is on once the proxy has an ADMIN_TOKEN\), or the proxy \(release [^)]+\) is older than this command line/,
      );
      const ranOther = await runCli(['webhook-endpoints', 'enable', 'whe_1', '--proxy', other.url]);
      assert.equal(ranOther.code, 1, ranOther.stderr);
      assert.match(
        ranOther.stderr,
        new RegExp(
          `\\nThe proxy at \\S+ has no route for PATCH /admin/webhook-endpoints/whe_1 \\(405: it takes GET, DELETE there\\): the proxy \\(release 0\\.0\\.1\\) and this command line \\(release ${CLI_VERSION}\\) are not of one build; run them from the same one\\.\\n$`,
        ),
      );
    } finally {
      await same.close();
      await other.close();
    }
  });

  it('asks /healthz for a short while, and says when it does not answer rather than "not a proxy"', async () => {
    // Every route a page's 404 (no proxy's words); /healthz never answers.
    const silent = await standIn((request, response) => {
      if (request.url !== '/healthz') response.writeHead(404).end('Not found');
    });
    try {
      const api = proxyApi(targetOf({ proxy: silent.url }, {}), { timeoutMs: 200 });
      await assert.rejects(api.get('/admin/checkouts'), (error: Error) => {
        assert.ok(error instanceof CommandFailed);
        assert.equal(
          error.message,
          `${silent.url} has no route for GET /admin/checkouts (404), and its /healthz did not answer within 0.2 s either: is it the proxy's address? Give the proxy's address with --proxy or CRYPTO_PAY_PROXY_URL.`,
        );
        return true;
      });
      // A command's whole limit is not spent on it: 3 s at most.
      const patient = proxyApi(targetOf({ proxy: silent.url }, {}), { timeoutMs: 60_000 });
      await assert.rejects(
        patient.get('/admin/checkouts'),
        /its \/healthz did not answer within 3 s either/,
      );
    } finally {
      await silent.close();
    }
  });

  it('follows no redirect: the token never goes elsewhere, and the redirect is said as such', async () => {
    const elsewhere = await standIn(refusing(200, { status: 'ok', data: [] }));
    // The merchant API and /healthz both redirected: to another origin, or to a blocked port.
    const redirecting = await standIn((request, response) =>
      response
        .writeHead(request.url === '/healthz' ? 301 : 307, {
          Location:
            request.method === 'PATCH'
              ? 'http://127.0.0.1:6000/x'
              : `${elsewhere.url}${request.url}`,
        })
        .end(),
    );
    // A route it lacks, and a /healthz sent elsewhere: no proxy's.
    const healthElsewhere = await standIn((request, response) =>
      request.url === '/healthz'
        ? response.writeHead(302, { Location: `${elsewhere.url}/healthz` }).end()
        : refusing(404, { error: 'There is nothing at this address.', code: 'not_found' })(
            request,
            response,
          ),
    );
    try {
      const listed = await runCli(['checkouts', 'list', '--proxy', redirecting.url]);
      assert.equal(listed.code, 1, listed.stderr);
      assert.match(
        listed.stderr,
        new RegExp(
          `\\nThe proxy at \\S+ answered GET /admin/checkouts\\?limit=20 with a redirect \\(307\\) to ${elsewhere.url.replaceAll('.', '\\.')}/admin/checkouts\\?limit=20, which this command does not follow \\(its token goes only to the address given\\): if the proxy is there, give its address with --proxy or CRYPTO_PAY_PROXY_URL\\.\\n$`,
        ),
      );
      // Sent to a blocked port: said as the redirect it is, never as the address's own port.
      const disabled = await runCli([
        'webhook-endpoints',
        'disable',
        'whe_1',
        '--proxy',
        redirecting.url,
      ]);
      assert.equal(disabled.code, 1, disabled.stderr);
      assert.match(
        disabled.stderr,
        /with a redirect \(307\) to http:\/\/127\.0\.0\.1:6000\/x, which/,
      );
      assert.doesNotMatch(disabled.stderr, /is on port|nothing was sent/);
      const probed = await runCli(['checkouts', 'list', '--proxy', healthElsewhere.url]);
      assert.equal(probed.code, 1, probed.stderr);
      assert.match(probed.stderr, /is not a crypto-pay proxy: its \/healthz does not answer/);
      assert.deepEqual(elsewhere.seen, []);
    } finally {
      await elsewhere.close();
      await redirecting.close();
      await healthElsewhere.close();
    }
  });

  it("refuses a port fetch never connects to (6000, X11's) with the flag, sending nothing", async () => {
    for (const [args, env, from] of [
      [['--proxy', 'http://127.0.0.1:6000'], {}, '--proxy'],
      [[], { CRYPTO_PAY_PROXY_URL: 'http://localhost:6000/pay' }, 'CRYPTO_PAY_PROXY_URL'],
    ] as const) {
      const ran = await runCli(['checkouts', 'list', ...args], { env });
      assert.equal(ran.code, 2, ran.stderr);
      assert.match(
        ran.stderr,
        new RegExp(
          `^error: ${from} http://(127\\.0\\.0\\.1|localhost):6000 is on port 6000, which fetch never connects to \\(a port of another protocol, blocked as browsers block it\\): nothing was sent\\. Run the proxy on another port, such as 8787\\.\\n$`,
        ),
      );
    }
  });
});
