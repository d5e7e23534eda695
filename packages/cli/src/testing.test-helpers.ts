/** A command line run in the test's process, with what it printed and its exit code. */

import { run } from './run.ts';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  /** Pretend the output is a terminal that takes colours. */
  tty?: boolean;
  signal?: AbortSignal;
}

export async function runCli(argv: string[], options: RunOptions = {}): Promise<Ran> {
  const printed = { stdout: '', stderr: '' };
  const stream = (name: 'stdout' | 'stderr') => ({
    write: (text: string) => {
      printed[name] += text;
      return true;
    },
    isTTY: options.tty ?? false,
    hasColors: () => options.tty ?? false,
  });
  const code = await run(argv, {
    stdout: stream('stdout'),
    stderr: stream('stderr'),
    env: options.env ?? {},
    signal: options.signal ?? new AbortController().signal,
  });
  return { code, ...printed };
}
