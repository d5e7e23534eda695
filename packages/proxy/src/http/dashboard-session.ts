/**
 * The dashboard's session cookie: opened at sign-in (a random token; the store keeps its
 * SHA-256), read and refreshed on each request until 30 minutes idle or 12 hours in all, ended
 * at sign-out or at the browser's next sign-in. The account's role is read at each request, so
 * a change applies at once. Over HTTPS the cookie is `__Host-crypto_pay_session`: the browser
 * takes it only Secure, on Path=/ and with no Domain, so a sibling subdomain cannot plant one.
 */

import type { SessionAnswer } from '@crypto-pay/protocol/merchant-api';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { hashToken, newDashboardToken } from '../accounts/passwords.ts';
import { seconds } from '../checkout/views.ts';
import { type Account, type DashboardSession, SETUP_ACCOUNT, type Store } from '../store/store.ts';
import type { Actor, AppEnv } from './context.ts';

export const SESSION_COOKIE = 'crypto_pay_session';
/** Over HTTPS: the `__Host-` prefix needs Secure, which plain HTTP cannot have. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const IDLE_MS = 30 * 60 * 1000;
export const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** The ADMIN_TOKEN setup session only makes the first owner: it lasts no longer than idle. */
export const SETUP_MS = IDLE_MS;

export type SessionStore = Pick<
  Store,
  | 'getAccount'
  | 'countOwners'
  | 'startDashboardSession'
  | 'touchDashboardSession'
  | 'endDashboardSession'
>;

/**
 * `https` when the request came over TLS, or (behind a reverse proxy the proxy trusts,
 * TRUST_PROXY) when the last `X-Forwarded-Proto` says so: the one that proxy set.
 */
export function requestScheme(c: Context<AppEnv>, trustProxy: boolean): 'http' | 'https' {
  if (new URL(c.req.url).protocol === 'https:') return 'https';
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-Proto')?.split(',').at(-1)?.trim().toLowerCase();
    if (forwarded === 'https') return 'https';
  }
  return 'http';
}

/**
 * The proxy's own origin: PUBLIC_ORIGIN when set, otherwise as this request reached it,
 * scheme://host (the Host header's, which a DNS-rebinding page chooses: hence PUBLIC_ORIGIN).
 */
export function requestOrigin(
  c: Context<AppEnv>,
  { trustProxy, publicOrigin }: Pick<SessionDeps, 'trustProxy' | 'publicOrigin'>,
): string {
  if (publicOrigin !== undefined) return publicOrigin;
  const host = c.req.header('Host') ?? new URL(c.req.url).host;
  return `${requestScheme(c, trustProxy)}://${host}`;
}

/** What sign-in and `GET /admin/session` answer. */
export function sessionBody(actor: Actor, session: DashboardSession): SessionAnswer {
  return {
    account: { name: actor.name, role: actor.role, ...(actor.setup ? { setup: true } : {}) },
    idle_expires_at: seconds(Math.min(session.lastSeenAt + IDLE_MS, session.expiresAt)),
    expires_at: seconds(session.expiresAt),
  };
}

export interface SessionDeps {
  store: SessionStore;
  now: () => number;
  trustProxy: boolean;
  /** PUBLIC_ORIGIN: the only origin changes with the cookie may come from, when set. */
  publicOrigin?: string | undefined;
}

/**
 * Opens a session for `account` (the setup session's name, SETUP_MS; or the account as its
 * password was checked) and sets its cookie. Undefined, no cookie, when the account is no longer
 * that one: removed and made again, disabled or given another password while it was checked.
 */
export async function openSession(
  c: Context<AppEnv>,
  deps: SessionDeps,
  as: typeof SETUP_ACCOUNT,
): Promise<DashboardSession>;
export async function openSession(
  c: Context<AppEnv>,
  deps: SessionDeps,
  as: Account,
): Promise<DashboardSession | undefined>;
export async function openSession(
  c: Context<AppEnv>,
  { store, now, trustProxy }: SessionDeps,
  as: typeof SETUP_ACCOUNT | Account,
): Promise<DashboardSession | undefined> {
  const account = typeof as === 'string' ? as : as.name;
  const token = newDashboardToken();
  const at = now();
  const lifetime = account === SETUP_ACCOUNT ? SETUP_MS : ABSOLUTE_MS;
  const session = {
    tokenHash: hashToken(token),
    account,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: at + lifetime,
  };
  const started = await store.startDashboardSession(
    session,
    typeof as === 'string' ? undefined : as,
  );
  if (!started) return undefined;
  const secure = requestScheme(c, trustProxy) === 'https';
  setCookie(c, secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure,
    maxAge: lifetime / 1000,
  });
  return session;
}

/** The name of the session cookie for this request's scheme: only it is read. */
const cookieName = (c: Context<AppEnv>, trustProxy: boolean) =>
  requestScheme(c, trustProxy) === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;

const sessionToken = (c: Context<AppEnv>, trustProxy: boolean) =>
  getCookie(c, cookieName(c, trustProxy));

/** Whether the request carries a session cookie at all (valid or not). */
export const hasSessionCookie = (c: Context<AppEnv>, trustProxy: boolean) =>
  sessionToken(c, trustProxy) !== undefined;

/** Ends the request's session on the server, if any, leaving its cookie: true when one ended. */
export async function endSession(
  c: Context<AppEnv>,
  { store, now, trustProxy }: SessionDeps,
): Promise<boolean> {
  const token = sessionToken(c, trustProxy);
  return token !== undefined && (await store.endDashboardSession(hashToken(token), now()));
}

/**
 * The request's session, refreshed, and who it is: undefined when there is none, it is over,
 * its account is gone or disabled, or it is the setup session and an owner exists now.
 */
export async function currentSession(
  c: Context<AppEnv>,
  { store, now, trustProxy }: SessionDeps,
): Promise<{ actor: Actor; session: DashboardSession } | undefined> {
  const token = sessionToken(c, trustProxy);
  if (token === undefined) return undefined;
  const at = now();
  const session = await store.touchDashboardSession(hashToken(token), at, IDLE_MS);
  if (!session) return undefined;
  if (session.account === SETUP_ACCOUNT) {
    // Setup is over once an owner exists: sign in as that owner.
    if ((await store.countOwners()) > 0) {
      await store.endDashboardSession(session.tokenHash, at);
      return undefined;
    }
    return { actor: { name: SETUP_ACCOUNT, role: 'owner', via: 'session', setup: true }, session };
  }
  const account = await store.getAccount(session.account);
  if (!account || account.disabledAt !== undefined) return undefined;
  return { actor: { name: account.name, role: account.role, via: 'session' }, session };
}

/** Ends the request's session on the server, if any, and clears its cookie: true when one ended. */
export async function closeSession(c: Context<AppEnv>, deps: SessionDeps): Promise<boolean> {
  const ended = await endSession(c, deps);
  const secure = requestScheme(c, deps.trustProxy) === 'https';
  deleteCookie(c, secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure,
  });
  return ended;
}
