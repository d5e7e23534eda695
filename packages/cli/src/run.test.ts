import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_ADMIN_TOKEN } from '@crypto-pay/test-kit/demo';
import { START_ADMIN_TOKEN } from './target.ts';
import { ESC, jsonStandIn, runCli } from './testing.test-helpers.ts';

/** A proxy stand-in that answers `answer(url)` as JSON; `seen()` what it was asked, with the token. */
async function server(answer: (url: string) => { status: number; body: unknown }) {
  const proxy = await jsonStandIn(answer);
  const seen = () =>
    proxy.requests.map((request) => ({
      url: request.url ?? '',
      authorization: request.headers.authorization,
    }));
  return { ...proxy, seen };
}

describe('crypto-pay: usage and exit codes', () => {
  it('prints help with exit 0, and a usage error with exit 2', async () => {
    const help = await runCli(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: crypto-pay/);
    assert.match(help.stdout, /checkouts/);
    const sub = await runCli(['checkouts', 'list', '--help']);
    assert.equal(sub.code, 0);
    assert.match(sub.stdout, /--json/);

    const unknown = await runCli(['no-such-command']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command 'no-such-command'/);
    const badLimit = await runCli(['checkouts', 'list', '--limit', '500']);
    assert.equal(badLimit.code, 2);
    assert.match(badLimit.stderr, /Give a whole number from 1 to 200/);
    const badProxy = await runCli(['checkouts', 'list', '--proxy', 'ftp://x']);
    assert.equal(badProxy.code, 2);
    assert.match(badProxy.stderr, /--proxy must be an http or https address/);
  });

  it('helps the same way everywhere: one command order, summaries, the global flags on each', async () => {
    const help = await runCli(['--help']);
    const section = help.stdout.slice(help.stdout.indexOf('Commands:'));
    const commands = [...section.matchAll(/^ {2}([a-z-]+)\b/gm)].map((match) => match[1]);
    assert.deepEqual(
      commands.filter((name) => name !== 'help'),
      ['listen', 'trigger', 'doctor', 'checkouts', 'events', 'webhook-endpoints'],
    );
    // One line each, the whole story in the command's own --help.
    assert.match(help.stdout, /listen \[options\] +Forward the proxy's events to your local/);
    assert.match(help.stdout, /trigger \[options\] <event> +Make a webhook event happen/);
    assert.match(
      help.stdout,
      /--proxy <url>[\s\S]*?CRYPTO_PAY_PROXY_URL, else\s+http:\/\/127\.0\.0\.1:8787/,
    );
    for (const command of [['listen'], ['trigger'], ['events', 'list']]) {
      const own = await runCli([...command, '--help']);
      assert.match(own.stdout, /Global Options:\n[\s\S]*\n {2}--proxy <url>/, command.join(' '));
    }
  });

  it("keeps pnpm start's demo token", () => {
    assert.equal(START_ADMIN_TOKEN, DEMO_ADMIN_TOKEN);
  });

  it('finds the proxy and token in the flags, then the environment, and says which', async () => {
    const page = { data: [] };
    const fromEnv = await server(() => ({ status: 200, body: page }));
    const fromFlag = await server(() => ({ status: 200, body: page }));
    try {
      const env = { CRYPTO_PAY_PROXY_URL: fromEnv.url, CRYPTO_PAY_ADMIN_TOKEN: 'env-token' };
      const byEnv = await runCli(['checkouts', 'list'], { env });
      assert.equal(byEnv.code, 0, byEnv.stderr);
      assert.equal(byEnv.stdout, 'No checkouts.\n');
      assert.match(byEnv.stderr, /\(CRYPTO_PAY_PROXY_URL\), token from CRYPTO_PAY_ADMIN_TOKEN/);
      assert.doesNotMatch(byEnv.stderr, /env-token/);
      assert.equal(fromEnv.seen()[0]?.authorization, 'Bearer env-token');

      const byFlag = await runCli(
        ['--proxy', fromFlag.url, 'checkouts', 'list', '--token', 'flag-token', '--json'],
        { env },
      );
      assert.equal(byFlag.code, 0, byFlag.stderr);
      assert.deepEqual(JSON.parse(byFlag.stdout), page);
      assert.match(
        byFlag.stderr,
        new RegExp(`Proxy ${fromFlag.url} \\(--proxy\\), token from --token`),
      );
      assert.equal(fromFlag.seen()[0]?.authorization, 'Bearer flag-token');
      assert.equal(fromEnv.seen().length, 1);
    } finally {
      await fromEnv.close();
      await fromFlag.close();
    }
  });

  it('shows a checkout whose id begins with "-", and says how when it is given as a flag', async () => {
    // The proxy mints no such id now, but older ones stay: one in 64 began with "-".
    const id = '-Ab_CdEfGhIjKlMnOpQrSt';
    const proxy = await server(() => ({ status: 200, body: { id, status: 'created' } }));
    try {
      const env = { CRYPTO_PAY_PROXY_URL: proxy.url };
      const asFlag = await runCli(['checkouts', 'show', id, '--json'], { env });
      assert.equal(asFlag.code, 2);
      assert.match(asFlag.stderr, /unknown option '-Ab_CdEfGhIjKlMnOpQrSt'/);
      assert.match(
        asFlag.stderr,
        /begins with "-" goes after "--": crypto-pay checkouts show --json -- -Ab_CdEfGhIjKlMnOpQrSt\n/,
      );
      // As the customer reads it out, in groups: quoted, so the shell keeps it one word.
      const grouped = await runCli(['checkouts', 'show', '-Ab_ CdEf GhIj KlMn OpQr St'], { env });
      assert.match(grouped.stderr, /crypto-pay checkouts show -- '-Ab_ CdEf GhIj KlMn OpQr St'\n/);
      assert.equal(proxy.seen().length, 0);

      // The line it says reaches the proxy with the id.
      const shown = await runCli(['checkouts', 'show', '--json', '--', id], { env });
      assert.equal(shown.code, 0, shown.stderr);
      assert.equal(JSON.parse(shown.stdout).id, id);
      assert.deepEqual(
        proxy.seen().map((request) => request.url),
        [`/admin/checkouts/${id}`],
      );
      // Any other unknown flag gets commander's word alone.
      const other = await runCli(['checkouts', 'show', 'x', '--jsn'], { env });
      assert.match(other.stderr, /unknown option '--jsn'/);
      assert.doesNotMatch(other.stderr, /goes after/);
    } finally {
      await proxy.close();
    }
  });

  it('says a refusal in the proxy’s words, with exit 1 and the fix for a wrong token', async () => {
    const proxy = await server(() => ({
      status: 401,
      body: { error: 'The admin token is missing or wrong.', code: 'unauthorized' },
    }));
    try {
      const ran = await runCli([
        'checkouts',
        'list',
        '--proxy',
        proxy.url,
        '--token',
        'tok-0123456789',
      ]);
      assert.equal(ran.code, 1);
      assert.match(
        ran.stderr,
        /refused \(401 unauthorized\): The admin token is missing or wrong\./,
      );
      assert.match(
        ran.stderr,
        /give the proxy's ADMIN_TOKEN with --token or CRYPTO_PAY_ADMIN_TOKEN/,
      );
      assert.doesNotMatch(ran.stderr, /tok-0123456789/);
    } finally {
      await proxy.close();
    }
  });

  it('says when nothing listens at the address, with exit 1', async () => {
    const proxy = await server(() => ({ status: 200, body: {} }));
    await proxy.close();
    const ran = await runCli(['checkouts', 'list', '--proxy', proxy.url]);
    assert.equal(ran.code, 1);
    assert.match(ran.stderr, /refused the connection \(ECONNREFUSED\): nothing listens there/);
  });

  it('colours only a terminal, and never with NO_COLOR', async () => {
    const proxy = await server(() => ({ status: 200, body: { data: [] } }));
    try {
      const args = ['checkouts', 'list', '--proxy', proxy.url];
      const coloured = await runCli(args, { tty: true });
      assert.ok(coloured.stderr.includes(ESC), coloured.stderr);
      const plain = await runCli(args, { tty: true, env: { NO_COLOR: '1' } });
      assert.ok(!plain.stderr.includes(ESC));
      const piped = await runCli(args);
      assert.ok(!piped.stderr.includes(ESC));
    } finally {
      await proxy.close();
    }
  });
});
