/** Helpers for the unit tests: a fresh sandbox, driven by the test kit's driver through `app.request()`. */

import { paymentRequestResponseSchema } from '@crypto-pay/protocol';
import { paymentRequest } from '@crypto-pay/test-kit/processing-requests';
import { type SandboxDriver, sandboxDriver } from '@crypto-pay/test-kit/sandbox-driver';
import { createSandbox, type Sandbox } from './app.ts';
import type { SandboxOptions } from './config.ts';

/** Where the unit tests address the sandbox: a name it answers to only as an allowed host. */
export const ORIGIN = 'http://sandbox.test';

/** A sandbox in this process, driven through `app.request()`: answers are `Response`s. */
export type TestSandbox = Sandbox & SandboxDriver<Response>;

/** A sandbox whose real clock stands still at `startMs`, closed after the test. */
export function testSandbox(
  t: { after(fn: () => void): void },
  options: SandboxOptions = {},
): TestSandbox {
  const sandbox = createSandbox({
    now: () => 1_800_000_000_000,
    allowedHosts: [new URL(ORIGIN).hostname],
    ...options,
  });
  t.after(() => sandbox.close());
  return {
    ...sandbox,
    ...sandboxDriver(ORIGIN, sandbox.options, async (url, init) => sandbox.app.request(url, init)),
  };
}

export const REQUESTS = '/api/payments/v1/requests';

/** Creates a valid payment request (with `overrides`) and answers the spec object. */
export async function createPaymentRequest(
  sandbox: TestSandbox,
  overrides: Record<string, unknown> = {},
) {
  const response = await sandbox.call(REQUESTS, paymentRequest(overrides));
  if (response.status !== 200) {
    throw new Error(`create answered ${response.status}: ${await response.text()}`);
  }
  return paymentRequestResponseSchema.parse(await response.json()).data;
}
