/** The `crypto-pay-sandbox` command: starts on the port asked, prints where, answers signed requests. */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { signedCall } from './support/http.ts';

const BIN = fileURLToPath(
  new URL('../../packages/sandbox/bin/crypto-pay-sandbox.mjs', import.meta.url),
);

/** Starts the CLI and resolves with its output once the listening line is printed. */
function startCli(
  t: { after(fn: () => Promise<void> | void): void },
  args: string[],
  env: Record<string, string> = {},
) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  return new Promise<{ output: string; url: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /crypto-pay-sandbox listening on (http:\/\/\S+)/.exec(output);
      if (match && output.includes('signing secret')) resolve({ output, url: match[1]! });
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${errors}`)));
  });
}

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
    const answer = await signedCall(
      { apiKey: 'cli-key', signingSecret: 'cli-secret' },
      `${url}/api/v2/accounts/list`,
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

  test('a bad flag stops it with one clear line and exit code 2', async () => {
    const child = spawn(process.execPath, [BIN, '--port', 'eighty'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    const [code] = await once(child, 'exit');
    assert.equal(code, 2);
    assert.match(errors, /--port must be a port number/);
  });
});
