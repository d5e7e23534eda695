/** A sandbox started for one test file on 127.0.0.1, port 0, with helpers to drive it. */

import { type RunningSandbox, type SandboxOptions, startSandbox } from '@crypto-pay/sandbox';
import { type Answer, type SignedOutgoing, send, sendSigned } from '../../support/http.ts';

export interface SandboxUnderTest {
  running: RunningSandbox;
  /** POST (or `options.method`) to `{base_url}` + path. */
  general(path: string, body: string | object, options?: SignedOutgoing): Promise<Answer>;
  /** POST to `{payments_base_url}` + path. */
  payments(path: string, body: string | object, options?: SignedOutgoing): Promise<Answer>;
  /** Control API: GET without a body, POST with one. */
  control(path: string, body?: object): Promise<Answer>;
}

const text = (body: string | object) => (typeof body === 'string' ? body : JSON.stringify(body));

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
  return {
    running,
    general: (path, body, opts) =>
      sendSigned(`${running.baseUrl}${path}`, running, text(body), opts),
    payments: (path, body, opts) =>
      sendSigned(`${running.paymentsBaseUrl}${path}`, running, text(body), opts),
    control: (path, body) =>
      send(`${running.url}/_sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

export {
  invoiceRequest,
  paymentRequest,
  withdrawalRequest,
  withNumbers,
} from '../../support/processing-requests.ts';
