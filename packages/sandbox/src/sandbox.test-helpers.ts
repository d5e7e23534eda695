/** Helpers for the unit tests: a fresh sandbox and signed requests through `app.request()`. */

import { paymentRequestResponseSchema, signedHeaders } from '@crypto-pay/protocol';
import { paymentRequest } from '../../../tests/support/processing-requests.ts';
import { createSandbox, type Sandbox } from './app.ts';
import type { SandboxOptions } from './config.ts';

export const ORIGIN = 'http://sandbox.test';

export interface TestSandbox extends Sandbox {
  /** Signs `body` with the sandbox's secret and sends it; headers override the defaults. */
  call(
    path: string,
    body: string | object,
    init?: { method?: string; headers?: Record<string, string | undefined> },
  ): Promise<Response>;
  control(path: string, body?: object): Promise<Response>;
}

/** A sandbox whose real clock stands still at `startMs`, closed after the test. */
export function testSandbox(
  t: { after(fn: () => void): void },
  options: SandboxOptions = {},
): TestSandbox {
  const sandbox = createSandbox({ now: () => 1_800_000_000_000, ...options });
  t.after(() => sandbox.close());
  return {
    ...sandbox,
    async call(path, body, init = {}) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        ...(await signedHeaders(sandbox.options.apiKey, sandbox.options.signingSecret, text)),
      };
      for (const [name, value] of Object.entries(init.headers ?? {})) {
        if (value === undefined) delete headers[name];
        else headers[name] = value;
      }
      return sandbox.app.request(`${ORIGIN}${path}`, {
        method: init.method ?? 'POST',
        headers,
        body: text,
      });
    },
    async control(path, body) {
      return sandbox.app.request(`${ORIGIN}/_sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
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
