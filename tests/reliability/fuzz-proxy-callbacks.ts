/**
 * The proxy fuzzer's callbacks: signed right or not, with well-formed, mutated, random or
 * broken bodies, for unknown payment requests and for the real checkout, which never gets one
 * that could legitimately change it (signed ones are broken by construction, and checked).
 */

import {
  PAYMENT_REQUEST_STATUSES,
  parseJson,
  paymentRequestCallbackSchema,
} from '@crypto-pay/protocol';
import { signBodySync, verifySignatureSync } from '@crypto-pay/protocol/node';
import { paymentRequestCallback } from '@crypto-pay/test-kit/checkouts';
import { encodedBody, type FuzzRequest, fuzzHeaders, mutated } from '@crypto-pay/test-kit/fuzz';
import type { Credentials } from '@crypto-pay/test-kit/servers';
import fc from 'fast-check';
import type { Intent, ProxyRequest, Target } from './fuzz-proxy-requests.ts';
import type { FuzzRoute } from './fuzz-routes.ts';

export const CALLBACK_PATH = '/callbacks/processing';

const bytesOf = (value: unknown) => Buffer.from(JSON.stringify(value));

type Auth = 'right' | 'right-uppercase' | 'wrong' | 'missing' | 'other-body' | 'other-secret';
type KeyHeader = 'right' | 'wrong' | 'missing';

const rightAuth = fc.record({
  signature: fc.constantFrom<Auth>('right', 'right-uppercase'),
  key: fc.constant<KeyHeader>('right'),
});
/** Anything but the right key with a right signature. */
const badAuth = fc.oneof(
  fc.record({
    signature: fc.constantFrom<Auth>('wrong', 'missing', 'other-body', 'other-secret'),
    key: fc.constantFrom<KeyHeader>('right', 'wrong', 'missing'),
  }),
  fc.record({
    signature: fc.constantFrom<Auth>('right', 'right-uppercase'),
    key: fc.constantFrom<KeyHeader>('wrong', 'missing'),
  }),
);

function callback(
  credentials: Credentials,
  body: fc.Arbitrary<Buffer | undefined>,
  auth: fc.Arbitrary<{ signature: Auth; key: KeyHeader }>,
  intent: Intent,
): fc.Arbitrary<ProxyRequest> {
  return fc
    .record({ body, auth, headers: fuzzHeaders() })
    .map(({ body, auth: { signature, key }, headers }) => {
      const bytes = body ?? Buffer.alloc(0);
      const all: Record<string, string> = { ...headers };
      const right = signBodySync(credentials.signingSecret, bytes);
      if (signature === 'right') all['X-Processing-Signature'] = right;
      if (signature === 'right-uppercase') all['X-Processing-Signature'] = right.toUpperCase();
      if (signature === 'wrong') all['X-Processing-Signature'] = 'ab'.repeat(64);
      if (signature === 'other-body')
        all['X-Processing-Signature'] = signBodySync(credentials.signingSecret, '{}');
      if (signature === 'other-secret')
        all['X-Processing-Signature'] = signBodySync('guess', bytes);
      if (key === 'right') all['X-Processing-Key'] = credentials.apiKey;
      if (key === 'wrong') all['X-Processing-Key'] = 'not-the-key';
      // From what is sent: a signature over another body is right when the bodies are equal.
      const signed =
        all['X-Processing-Key'] === credentials.apiKey &&
        all['X-Processing-Signature']?.toLowerCase() === right;
      return {
        method: 'POST',
        path: CALLBACK_PATH,
        headers: all,
        ...intent,
        signed,
        ...(body ? { body } : {}),
      };
    });
}

const STATUSES: readonly string[] = PAYMENT_REQUEST_STATUSES;

/**
 * A payment-request callback that no schema accepts, whatever else it says: a status, type or
 * payment request id of the wrong kind, cut-off JSON, UTF-16, or no object at all.
 */
function brokenCallback(valid: Record<string, unknown>): fc.Arbitrary<Buffer> {
  const text = JSON.stringify(valid);
  const odd = fc.constantFrom(null, true, [], {}, 1.5);
  return fc.oneof(
    fc
      .oneof(
        fc.string({ maxLength: 20 }).filter((status) => !STATUSES.includes(status)),
        fc.constantFrom('PAID', 'Paid', ' paid', 'paid ', 'cancelled', 'confirmed', ''),
        fc.integer(),
        odd,
      )
      .map((status) => bytesOf({ ...valid, status })),
    // `invoice`, `deposit` and `withdrawal` callbacks need an integer `id`, which this one lacks.
    fc
      .oneof(
        fc.constantFrom('Payment_request', 'payment-request', 'payment_request ', '', 'invoice'),
        fc.constantFrom('deposit', 'withdrawal', 'refund', 'exchange-rate'),
        fc.integer(),
        odd,
      )
      .map((type) => bytesOf({ ...valid, type })),
    fc.oneof(fc.integer(), odd).map((id) => bytesOf({ ...valid, payment_request_id: id })),
    fc.integer({ min: 1, max: text.length - 1 }).map((cut) => Buffer.from(text.slice(0, cut))),
    fc.constantFrom(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.from(`[${text}]`),
      bytesOf(text),
      Buffer.alloc(0),
    ),
  );
}

/**
 * Whether the proxy would act on this callback for the real checkout: the right key, a signature
 * over its bytes, and a payment-request callback its schema accepts that names the checkout's
 * payment request or (the store's fallback) its foreign_id. No fuzzed callback may be one.
 */
export function changesRealCheckout(
  request: FuzzRequest,
  credentials: Credentials,
  target: Target,
): boolean {
  const header = (name: string) =>
    Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];
  const bytes = request.body ?? Buffer.alloc(0);
  if (header('x-processing-key') !== credentials.apiKey) return false;
  if (!verifySignatureSync(credentials.signingSecret, bytes, header('x-processing-signature')))
    return false;
  let parsed: ReturnType<typeof paymentRequestCallbackSchema.safeParse>;
  try {
    parsed = paymentRequestCallbackSchema.safeParse(parseJson(new TextDecoder().decode(bytes)));
  } catch {
    return false;
  }
  return (
    parsed.success &&
    (parsed.data.payment_request_id === target.paymentRequestId ||
      parsed.data.foreign_id === target.foreignId)
  );
}

export function callbackRoutes(credentials: Credentials, target: Target): FuzzRoute<Intent>[] {
  const endpoints = [`POST ${CALLBACK_PATH}`];
  const unknown = JSON.parse(
    paymentRequestCallback({ id: 'pr-unknown', foreign_id: 'fid-unknown' }, 'paid'),
  ) as Record<string, unknown>;
  const real = JSON.parse(
    paymentRequestCallback({ id: target.paymentRequestId, foreign_id: target.foreignId }, 'paid'),
  ) as Record<string, unknown>;
  const wellFormedUnknown = fc
    .record({ id: fc.uuid(), foreign_id: fc.uuid(), status: fc.constantFrom(...STATUSES) })
    .map(({ status, ...ids }) => Buffer.from(paymentRequestCallback(ids, status)));
  const anyBody = encodedBody(
    fc.oneof({ weight: 3, arbitrary: mutated(unknown) }, fc.jsonValue({ maxDepth: 3 })),
  );
  return [
    {
      name: 'callback: signed, well-formed, unknown payment request',
      endpoints,
      weight: 2,
      request: callback(credentials, wellFormedUnknown, rightAuth, { unknownPaymentRequest: true }),
    },
    {
      name: 'callback: signed, mutated or random body',
      endpoints,
      weight: 3,
      request: callback(credentials, anyBody, rightAuth, {}),
    },
    {
      name: 'callback: mutated or random body, not signed right',
      endpoints,
      weight: 2,
      request: callback(credentials, anyBody, badAuth, {}),
    },
    {
      // The most dangerous body there is (a real, final status for the real checkout): refused.
      name: 'callback: real checkout, genuine or mutated body, not signed right',
      endpoints,
      weight: 3,
      request: callback(
        credentials,
        encodedBody(
          fc.oneof(
            fc.constantFrom(...STATUSES).map((status) => ({ ...real, status })),
            mutated(real),
          ),
        ),
        badAuth,
        { realCheckout: true },
      ),
    },
    {
      // Signed right, so each must reach (and fail) the body's validation: never a change.
      name: 'callback: real checkout, signed, broken body',
      endpoints,
      weight: 3,
      request: callback(credentials, brokenCallback(real), rightAuth, { realCheckout: true }),
    },
  ];
}
