/** A sandbox started for one test file on 127.0.0.1, port 0, with helpers to drive it. */

import { type RunningSandbox, type SandboxOptions, startSandbox } from '@crypto-pay/sandbox';
import { type Answer, type SignedOutgoing, send, sendSigned } from '../../support/http.ts';
import { SENDER } from '../../support/senders.ts';

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

/** A valid create payment request; override fields (undefined removes one). */
export function paymentRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    amount: '25.00',
    currency: { iso: 'EUR' },
    life_time_duration: 3600,
    end_user_reference: 'customer-1',
    ...SENDER,
    ...overrides,
  };
}

/** JSON text with `amount` (and `amount_to`) written as JSON numbers with exactly these digits. */
export function withNumbers(
  body: Record<string, unknown>,
  numbers: Record<string, string>,
): string {
  let json = JSON.stringify({
    ...body,
    ...Object.fromEntries(Object.keys(numbers).map((key) => [key, `@@${key}@@`])),
  });
  for (const [key, digits] of Object.entries(numbers)) json = json.replace(`"@@${key}@@"`, digits);
  return json;
}

export function invoiceRequest(overrides: Record<string, unknown> = {}, amount = '12.5'): string {
  return withNumbers(
    {
      end_user_reference: 'customer-1',
      timer: false,
      title: 'Order 42',
      foreign_id: 'invoice-1',
      currency: 'EUR',
      url_success: 'https://shop.example.com/ok',
      url_failed: 'https://shop.example.com/ko',
      email_user: 'ada@example.com',
      ...SENDER,
      ...overrides,
    },
    { amount },
  );
}

export function withdrawalRequest(overrides: Record<string, unknown> = {}, amount = '0.1'): string {
  return withNumbers(
    {
      currency: 'BTC',
      address: 'tb1qdestination',
      foreign_id: 'payout-1',
      end_user_reference: 'customer-1',
      ...SENDER,
      receiver_type: 'self',
      ...overrides,
    },
    { amount },
  );
}
