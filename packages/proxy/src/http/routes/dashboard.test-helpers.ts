/**
 * The dashboard's side of the merchant API in tests: accounts made through the API itself (the
 * bearer token), a sign-in that answers the cookie to send back, and requests made with it
 * from the proxy's own origin, as the dashboard's page makes them.
 */

import assert from 'node:assert/strict';
import { after } from 'node:test';
import { adminHeaders, json, seen, type TestProxy } from '../../testing.test-helpers.ts';

/** The origin of `app.request()`'s requests (`http://localhost/...`). */
export const OWN_ORIGIN = 'http://localhost';

/** Passwords the tests use: none may appear in a log line or an answer. */
export const PASSWORDS = {
  owner: 'correct horse battery staple',
  operator: 'operator-password-9f3c',
  viewer: 'viewer-password-2b7d',
} as const;

/** Makes an account through `POST /admin/accounts` with the bearer token. */
export async function createAccount(
  proxy: TestProxy,
  name: string,
  role: keyof typeof PASSWORDS,
  password: string = PASSWORDS[role],
): Promise<void> {
  const response = await proxy.request('/admin/accounts', {
    method: 'POST',
    headers: adminHeaders,
    json: { name, password, role },
  });
  assert.equal(response.status, 201, await response.clone().text());
}

/** `POST /admin/session`; the answer, and the `Cookie` header that sends its session back. */
export async function signIn(
  proxy: TestProxy,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  url = '/admin/session',
): Promise<{ response: Response; cookie: string }> {
  const response = await proxy.request(url, { method: 'POST', json: body, headers });
  const set = response.headers.get('Set-Cookie') ?? '';
  return { response, cookie: set.split(';')[0]! };
}

/** Signs `name` in with its test password and answers the cookie. */
export async function sessionOf(
  proxy: TestProxy,
  name: string,
  role: keyof typeof PASSWORDS,
): Promise<string> {
  const { response, cookie } = await signIn(proxy, { name, password: PASSWORDS[role] });
  assert.equal(response.status, 200, await response.clone().text());
  return cookie;
}

/** A request with the session `cookie` from the proxy's own origin (as the dashboard sends it). */
export function withSession(
  proxy: TestProxy,
  cookie: string,
  path: string,
  init: RequestInit & { json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookie);
  if (!headers.has('Origin')) headers.set('Origin', OWN_ORIGIN);
  return proxy.request(path, { ...init, headers });
}

/** The log lines (not the answers) the proxies of this file wrote. */
export const logLines = () => seen.filter((line) => line.startsWith('{'));

/**
 * Fails when a password (the accounts' and `passwords`, those a test sent besides) or a session
 * token appears in a log line or (passwords) an answer.
 */
export function assertNoCredentialsLeaked(tokens: string[], passwords: string[] = []): void {
  for (const line of seen) {
    for (const password of [...Object.values(PASSWORDS), ...passwords]) {
      assert.ok(!line.includes(password), `a password leaked in: ${line.slice(0, 200)}`);
    }
  }
  for (const line of logLines()) {
    for (const token of tokens) {
      assert.ok(!line.includes(token), `a session token leaked in: ${line.slice(0, 200)}`);
    }
  }
}

export { json };

/**
 * Keeps each session cookie a test made (`remember(cookie)` gives it back), and checks once the
 * file's tests are done that no token or password (the accounts' and `passwords`) reached a log
 * line.
 */
export function rememberSessions(passwords: string[] = []): (cookie: string) => string {
  const tokens: string[] = [];
  after(() => assertNoCredentialsLeaked(tokens, passwords));
  return (cookie) => {
    tokens.push(cookie.split('=')[1]!);
    return cookie;
  };
}
