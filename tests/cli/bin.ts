/**
 * The built `crypto-pay` bin as a developer runs it: a process of its own, its environment only
 * what the test gives (with PATH and HOME), its exit code and both streams whole.
 */

import { runToExit } from '@crypto-pay/test-kit/process';

export const CLI_BIN = 'packages/cli/bin/crypto-pay.mjs';

export function runBin(
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
) {
  return runToExit({
    bin: CLI_BIN,
    args,
    env: options.env ?? {},
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
}
