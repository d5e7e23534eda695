/** The `crypto-pay` process: its streams, its environment, Ctrl-C as the end of a command. */

import { createInterface } from 'node:readline/promises';
import { run } from './run.ts';

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => stop.abort());
}
process.exitCode = await run(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  signal: stop.signal,
  ...(process.stdin.isTTY
    ? {
        async ask(question: string) {
          const terminal = createInterface({ input: process.stdin, output: process.stderr });
          // The terminal's Ctrl-C reaches the question, not the process: a stop all the same.
          terminal.once('SIGINT', () => stop.abort());
          try {
            return await terminal.question(question, { signal: stop.signal });
          } finally {
            terminal.close();
          }
        },
      }
    : {}),
});
