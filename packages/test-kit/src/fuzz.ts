/**
 * fast-check building blocks for fuzzing HTTP servers: bodies that are random, mutated from a
 * valid one, or badly encoded; header sets that are missing, wrong or odd; path segments and
 * ids that need escaping; sending a fuzzed request and tallying the answers. And the one
 * property every answer must keep: no 5xx, and errors as JSON.
 */

import assert from 'node:assert/strict';
import fc from 'fast-check';
import { type Answer, send } from './http.ts';

/** A request as a fuzzer builds it; `body` is raw bytes so encodings can be wrong. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Changes one thing in a JSON object: a field removed, replaced, or nested deeper. */
export function mutated(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.string({ minLength: 256, maxLength: 2000 }),
    fc.constantFrom('', ' ', '0', '-1', '1e309', '0.000000001', 'NaN', '\u0000', '💸', 'null'),
    fc.double(),
    fc.constantFrom(null, true, [], {}, Number.MAX_SAFE_INTEGER + 2),
  );
  return fc.oneof(
    fc.constantFrom(...keys).map((key) => {
      const copy = { ...valid };
      delete copy[key];
      return copy as unknown;
    }),
    fc
      .tuple(fc.constantFrom(...keys), value)
      .map(([key, replacement]) => ({ ...valid, [key]: replacement })),
    fc
      .tuple(fc.string({ maxLength: 20 }), value)
      .map(([key, extra]) => ({ ...valid, [key]: extra })),
    fc.tuple(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 })).map(([key, inner]) => {
      const field = valid[key];
      if (field && typeof field === 'object' && !Array.isArray(field)) {
        const innerKeys = Object.keys(field);
        const copy = { ...(field as Record<string, unknown>) };
        if (innerKeys.length > 0) copy[innerKeys[0]!] = inner;
        return { ...valid, [key]: copy };
      }
      return { ...valid, [key]: [field, inner] };
    }),
  );
}

/** A body's JSON: mostly `valid` with one thing changed (`mutated`), else any JSON at all. */
export const mutatedOrAnyJson = (valid: Record<string, unknown>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 3, arbitrary: mutated(valid) }, fc.jsonValue({ maxDepth: 4 }));

/** Bytes of a body: JSON as UTF-8 mostly, sometimes encoded wrongly or not JSON at all. */
export function encodedBody(json: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer | undefined> {
  return fc.oneof(
    { weight: 6, arbitrary: json.map((value) => Buffer.from(JSON.stringify(value) ?? 'null')) },
    json.map((value) =>
      Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(JSON.stringify(value) ?? '', 'utf16le'),
      ]),
    ),
    json.map((value) => Buffer.from(JSON.stringify(value) ?? '', 'latin1')),
    fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.from(''),
      Buffer.from('{'),
      Buffer.from('{"a":1}{"b":2}'),
      Buffer.from('[]'),
      Buffer.from('"text"'),
      Buffer.from('{"amount": 1e99999}'),
      Buffer.from(`{"padding":"${'x'.repeat(40_000)}"}`),
      Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
    ),
    fc.constant(undefined),
  );
}

const visibleAscii = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});

/** Optional headers a client might send, right or wrong. */
export function fuzzHeaders(
  extra: Record<string, fc.Arbitrary<string>> = {},
): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'Content-Type': fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        '',
        'application/json, text/html',
      ),
      'Content-Encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-unknown'),
      'Idempotency-Key': visibleAscii,
      'If-None-Match': fc.oneof(visibleAscii, fc.constant('*'), fc.constant('W/"1"')),
      'X-Request-Id': visibleAscii,
      'X-Forwarded-For': fc.oneof(fc.ipV4(), fc.ipV6(), visibleAscii),
      Origin: fc.constantFrom('https://shop.example', 'https://evil.example', 'null'),
      Accept: fc.constantFrom('application/json', 'text/event-stream', '*/*', 'text/html'),
      ...extra,
    },
    { requiredKeys: [] },
  );
}

/** A path segment: a plausible id, or something that needs escaping or tries to escape. */
export const pathSegment = fc.oneof(
  fc
    .base64String({ minLength: 22, maxLength: 24 })
    .map((text) => text.replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%00',
    '%E0%A4%A',
    'a%2Fb',
    '%',
    ' ',
    '-1',
    '0',
    '99999999999999999999',
  ),
  fc.string({ minLength: 300, maxLength: 3000 }).map(encodeURIComponent),
);

/** An id in a path: random, the real one, or one character away from it. */
export function idOrNear(real: string): fc.Arbitrary<string> {
  const last = real.endsWith('A') ? 'B' : 'A';
  return fc.oneof(
    { weight: 2, arbitrary: pathSegment },
    { weight: 2, arbitrary: fc.constant(encodeURIComponent(real)) },
    fc.constantFrom(
      ...[`${real}x`, real.slice(0, -1), `${real.slice(0, -1)}${last}`, real.toUpperCase()].map(
        encodeURIComponent,
      ),
      `${real}%20`,
      `${real}%2F`,
      `${real}%00`,
      `${real};v=1`,
    ),
  );
}

/** A query string of random keys and values (the known keys more often). */
export function queryString(keys: string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })),
        fc.oneof(
          fc.string({ unit: 'grapheme', maxLength: 30 }),
          fc.constantFrom('0', '1', '201', '-5', 'paid'),
        ),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
}

/**
 * JSON nested deep enough to overflow a recursive parser (the first two under the proxy's body limit).
 * Kept out of the random bodies (tested on its own) so the fuzzers keep finding other faults.
 */
export const DEEPLY_NESTED = [
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
];

/** What every answer to a fuzzed request must be: no 5xx, and a 4xx is `{error, code}` JSON. */
export function assertWellFormed(request: FuzzRequest, answer: Answer): void {
  const what = `${request.method} ${request.path.slice(0, 200)} answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  assert.ok(answer.status < 500, what);
  // A HEAD answer has no body by definition.
  if (answer.status < 400 || request.method === 'HEAD') return;
  assert.match(String(answer.headers['content-type']), /application\/json/, what);
  const body = answer.json as Record<string, unknown> | undefined;
  assert.ok(body && typeof body === 'object' && !Array.isArray(body), what);
  assert.equal(typeof body.error, 'string', what);
  assert.ok((body.error as string).length > 0, what);
  assert.ok(typeof body.code === 'string' || typeof body.code === 'number', what);
}

/** A count per key, printed sorted. */
export class Tally {
  readonly counts = new Map<string, number>();
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  get(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  toString(): string {
    return JSON.stringify(Object.fromEntries([...this.counts].sort()));
  }
}

/** How long a fuzzed request may take before it counts as a hang. */
const TIMEOUT_MS = 10_000;

/** Sends a fuzzed request; an event stream is read up to its first message, then closed. */
export function sendFuzz(baseUrl: string, request: FuzzRequest): Promise<Answer> {
  return send(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: request.headers,
    ...(request.body ? { body: request.body } : {}),
    timeoutMs: TIMEOUT_MS,
    firstEventOnly: true,
  });
}
