/**
 * Passwords of the dashboard's accounts: scrypt from `node:crypto` (run off the main thread by
 * libuv), its cost parameters and salt kept in the stored string so they can be raised later,
 * compared in constant time. An unknown name is checked against a dummy hash of the same cost,
 * so the answer's time does not tell which names exist. Dashboard session tokens too: 256
 * random bits, of which only the SHA-256 is kept (`hashToken`).
 */

import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

export { hashToken } from '../checkout/identity.ts';

/** OWASP's scrypt choice for interactive sign-ins at 32 MiB: N=2^15, r=8, p=1. */
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly that, with no room.
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parse(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0)) return undefined;
  return {
    cost: { N, r, p },
    salt: Buffer.from(parts[4]!, 'base64url'),
    key: Buffer.from(parts[5]!, 'base64url'),
  };
}

let dummy: Promise<string> | undefined;

/**
 * Whether `password` is the one `stored` was made from; with `stored` undefined (no such
 * account) the same work is done against a dummy hash and the answer is false.
 */
export async function verifyPassword(
  password: string,
  stored: string | undefined,
): Promise<boolean> {
  dummy ??= hashPassword(randomBytes(18).toString('base64url'));
  const parsed = parse(stored ?? (await dummy)) ?? parse(await dummy)!;
  const key = await derive(password, parsed.salt, parsed.cost);
  const equal = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
  return equal && stored !== undefined;
}

/** A dashboard session's token: 256 random bits. */
export const newDashboardToken = () => randomBytes(32).toString('base64url');
