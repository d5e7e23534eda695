/**
 * `crypto-pay-proxy`'s command line as an operator types it, a real process: `--help` and `-h`
 * print each command's usage with exit 0 and start nothing; a wrong command line is one clear
 * error with exit 2.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runToExit } from '@crypto-pay/test-kit/process';
import { proxyCommand } from '@crypto-pay/test-kit/servers';

/** Runs the proxy's entry point with `args` and no configuration: a start would fail. */
const run = (args: string[]) => runToExit({ ...proxyCommand(false), args, env: {} });

describe('crypto-pay-proxy --help', () => {
  it('prints the usage of the proxy and of each command with exit 0, for --help and -h', async () => {
    const usages: [string[], RegExp[]][] = [
      [
        [],
        [
          /^Usage: crypto-pay-proxy \[command\]\n/,
          /With no command it starts/,
          /backup <target-file>/,
          /users/,
        ],
      ],
      [
        ['users'],
        [
          /^Usage: crypto-pay-proxy users \[options\] \[command\]\n/,
          /add \[options\] <name>/,
          /remove <name> +Remove a dashboard account/,
        ],
      ],
      [
        ['users', 'add'],
        [
          /^Usage: crypto-pay-proxy users add \[options\] <name>\n/,
          /--role <role> +its role: viewer, operator, owner/,
        ],
      ],
      [
        ['users', 'remove'],
        [
          /^Usage: crypto-pay-proxy users remove \[options\] <name>\n/,
          /never the last enabled owner/,
        ],
      ],
      [['backup'], [/^Usage: crypto-pay-proxy backup \[options\] <target-file>\n/]],
    ];
    for (const [command, said] of usages) {
      for (const flag of ['--help', '-h']) {
        const ran = await run([...command, flag]);
        const line = [...command, flag].join(' ');
        assert.equal(ran.code, 0, `${line}: ${ran.stderr}`);
        assert.equal(ran.stderr, '', line);
        for (const pattern of said) assert.match(ran.stdout, pattern, line);
      }
    }
  });

  it('says a wrong command line in one error with exit 2', async () => {
    const unknown = await run(['--port', '8787']);
    assert.equal(unknown.code, 2);
    assert.equal(
      unknown.stderr,
      "crypto-pay-proxy: error: unknown option '--port'\n(add --help for the usage)\n",
    );
    const typo = await run(['backpu', 'copy.db']);
    assert.equal(typo.code, 2);
    assert.match(
      typo.stderr,
      /^crypto-pay-proxy: error: unknown command 'backpu'\n\(Did you mean backup\?\)/,
    );
  });
});
