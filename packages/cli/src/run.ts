/**
 * Runs one command line and answers its exit code: 0 done, 1 refused, failed or stopped before it
 * finished (a command whose work is to run until stopped, like listen, ends 0), 2 used wrongly
 * (an unknown command or flag, a missing argument, a bad value). The message of a failure is one
 * sentence on stderr, never a stack.
 */

import { CHECKOUT_ID_LENGTH } from '@crypto-pay/protocol/proxy-api';
import { CommanderError } from 'commander';
import { CommandFailed, Stopped, UsageError } from './failures.ts';
import { type Io, painter, shellWord } from './io.ts';
import { createProgram } from './program.ts';
import { CLI_VERSION } from './version.ts';

export const EXIT = { done: 0, failed: 1, usage: 2 } as const;

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const program = createProgram(io, CLI_VERSION);
  const paint = painter(io.stderr, io.env);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.done;
  } catch (error) {
    // Commander has printed its own message (or the help, or the version) already.
    if (error instanceof CommanderError) {
      const retry = error.code === 'commander.unknownOption' ? idAfterDashes(argv) : undefined;
      if (retry) io.stderr.write(`${retry}\n`);
      return error.exitCode === 0 ? EXIT.done : EXIT.usage;
    }
    // A request cut by the stop is no failure of the proxy's: say the stop, not "unreachable".
    if (io.signal.aborted && !(error instanceof Stopped) && !(error instanceof UsageError)) {
      io.stderr.write(`${paint('red', 'Stopped before the command finished.')}\n`);
      return EXIT.failed;
    }
    if (error instanceof UsageError) {
      io.stderr.write(`${paint('red', `error: ${error.message}`)}\n`);
      return EXIT.usage;
    }
    if (error instanceof CommandFailed) {
      io.stderr.write(`${paint('red', error.message)}\n`);
      return EXIT.failed;
    }
    // A fault of the command line itself: said whole, for a bug report.
    io.stderr.write(
      `crypto-pay failed unexpectedly: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    return EXIT.failed;
  }
}

/**
 * A checkout id may begin with `-` (the proxy mints none so now, but older ones stay), and the
 * parser reads such an id as an unknown flag. Says the command line that works: the id after `--`.
 */
function idAfterDashes(argv: readonly string[]): string | undefined {
  const at = argv.findIndex((arg) => {
    const id = arg.replace(/\s+/g, '');
    return id.length === CHECKOUT_ID_LENGTH && /^-[\w-]+$/.test(id);
  });
  if (at < 0) return undefined;
  const words = [...argv.slice(0, at), ...argv.slice(at + 1), '--', argv[at]!];
  return `A checkout id that begins with "-" goes after "--": crypto-pay ${words.map(shellWord).join(' ')}`;
}
