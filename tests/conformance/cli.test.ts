/** The `crypto-pay-sandbox` command: starts on the port asked, prints where, answers signed requests. */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sendSigned } from '@crypto-pay/test-kit/http';
import { runToExit, startServerProcess, textOf } from '@crypto-pay/test-kit/process';

/** The sandbox package's folder, found by name as its users find it. */
const SANDBOX = dirname(fileURLToPath(import.meta.resolve('@crypto-pay/sandbox/package.json')));
const BIN = join(SANDBOX, 'bin/crypto-pay-sandbox.mjs');
const README = readFileSync(join(SANDBOX, 'README.md'), 'utf8');

/**
 * Starts the CLI (`bin`, from the repository root) and resolves with its output once the whole
 * banner is printed: the listening line, and the last one, where callbacks go.
 */
async function startCli(
  t: { after(fn: () => Promise<unknown>): void },
  args: string[],
  env: Record<string, string> = {},
  bin = BIN,
) {
  const cli = await startServerProcess({
    name: 'crypto-pay-sandbox',
    bin,
    args,
    env,
    ready: /crypto-pay-sandbox listening on (http:\/\/\S+)/,
  });
  t.after(() => cli.stop());
  await cli.lineMatching(/callbacks to/);
  return { output: textOf(cli.lines, 'stdout'), url: cli.url };
}

/** Runs the CLI until it exits (a bad value stops it before it listens). */
const runCli = (args: string[], env: Record<string, string> = {}) =>
  runToExit({ bin: BIN, args, env });

describe('crypto-pay-sandbox CLI', () => {
  test('--port 0 binds 127.0.0.1 on a free port and prints URLs, key and the sandbox-only secret', async (t) => {
    const { output, url } = await startCli(t, ['--port', '0'], {
      SANDBOX_API_KEY: 'cli-key',
      SANDBOX_SIGNING_SECRET: 'cli-secret',
    });
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(new URL(url).port, '0');
    assert.ok(output.includes(`${url}/api/v2`));
    assert.ok(output.includes(`${url}/api/payments/v1`));
    assert.match(output, /API key\s+cli-key/);
    assert.match(output, /cli-secret.*SANDBOX ONLY/);
    const answer = await sendSigned(
      `${url}/api/v2/accounts/list`,
      { apiKey: 'cli-key', signingSecret: 'cli-secret' },
      '{}',
    );
    assert.equal(answer.status, 200);
  });

  test('SANDBOX_PORT is used when no flag is given; --host is honoured', async (t) => {
    const probe = await startCli(t, ['--port', '0']);
    const port = new URL(probe.url).port;
    // The first sandbox holds that port, so ask for a fresh one through the variable instead.
    const { url } = await startCli(t, ['--host', '127.0.0.1'], { SANDBOX_PORT: '0' });
    assert.notEqual(new URL(url).port, port);
    assert.equal(new URL(url).hostname, '127.0.0.1');
  });

  test("the README's Run it command works from the repository root and prints what it shows", async (t) => {
    const block = /## Run it[\s\S]*?```sh\n([\s\S]*?)```/.exec(README)?.[1] ?? '';
    const [commandLine = '', ...shown] = block.trim().split('\n');
    const [program, ...words] = commandLine.split(' ');
    assert.equal(program, 'node');
    const portAt = words.indexOf('--port');
    assert.equal(words[portAt + 1], '8790');
    // Port 0 instead of 8790, so the test never collides with a sandbox already running.
    const [bin = '', ...flags] = words.slice(0, portAt);
    const { output, url } = await startCli(t, [...flags, '--port', '0'], {}, bin);
    const expected = shown.map((line) =>
      line.replace(/^# /, '').replaceAll('http://127.0.0.1:8790', url),
    );
    assert.deepEqual(output.trimEnd().split('\n'), expected);
  });

  test('a bad flag stops it with one clear line and exit code 2', async () => {
    const { code, stderr } = await runCli(['--port', 'eighty']);
    assert.equal(code, 2);
    assert.match(stderr, /--port must be a port number/);
  });

  test('a host that cannot be bound is named (flag or variable) with exit code 2', async () => {
    const byFlag = await runCli(['--host', '999.1.1.1', '--port', '0']);
    assert.equal(byFlag.code, 2);
    assert.match(byFlag.stderr, /^crypto-pay-sandbox: --host .*"999\.1\.1\.1"/);
    assert.equal(byFlag.stderr.trim().split('\n').length, 1);
    const byVariable = await runCli(['--port', '0'], { SANDBOX_HOST: '999.1.1.1' });
    assert.equal(byVariable.code, 2);
    assert.match(byVariable.stderr, /^crypto-pay-sandbox: SANDBOX_HOST .*"999\.1\.1\.1"/);
  });

  test('flags win over variables: a bad SANDBOX_PORT or SANDBOX_HOST does not matter under a flag', async (t) => {
    const { url } = await startCli(t, ['--port', '0', '--host', '127.0.0.1'], {
      SANDBOX_PORT: 'abc',
      SANDBOX_HOST: '999.1.1.1',
    });
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const withoutFlag = await runCli([], { SANDBOX_PORT: 'abc' });
    assert.equal(withoutFlag.code, 2);
    assert.match(withoutFlag.stderr, /SANDBOX_PORT must be a port number/);
  });
});
