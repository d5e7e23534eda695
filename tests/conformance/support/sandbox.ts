/** A sandbox started for one test file on 127.0.0.1, port 0, with helpers to drive it. */

import { type RunningSandbox, type SandboxOptions, startSandbox } from '@crypto-pay/sandbox';
import { type Answer, send } from '@crypto-pay/test-kit/http';
import { type SandboxDriver, sandboxDriver } from '@crypto-pay/test-kit/sandbox-driver';

/** A sandbox on a real socket, driven over HTTP: answers carry the exact status, headers, bytes. */
export interface SandboxUnderTest extends SandboxDriver<Answer> {
  running: RunningSandbox;
}

/**
 * Starts a sandbox; `t.after` closes it. Pass null from a suite's `before` hook and close
 * `running` in the suite's `after`.
 */
export async function sandboxUnderTest(
  t: { after(fn: () => Promise<void> | void): void } | null,
  options: SandboxOptions = {},
): Promise<SandboxUnderTest> {
  const running = await startSandbox({ port: 0, host: '127.0.0.1', ...options });
  t?.after(() => running.close());
  return { running, ...sandboxDriver(running.url, running, send) };
}
