/**
 * Checks an account's password where a guess could be made (the sign-in, and the current
 * password of a change of one's own): a try is taken from the shared rate-limit buckets, per
 * address and per name, BEFORE any password work and given back when it was right, so guesses
 * sent at once get no more checks than the buckets hold and a slowed client costs no scrypt;
 * at most MAX_PASSWORD_CHECKS run at once in a process. An unknown name costs the same work as
 * a wrong password.
 */

import type { Context } from 'hono';
import { verifyPassword } from '../accounts/passwords.ts';
import { ApiError } from '../api-error.ts';
import type { Account, Store } from '../store/store.ts';
import type { AppEnv } from './context.ts';
import type { FailureLimit } from './middleware/rate-limit.ts';

export interface PasswordLimits {
  /** Failed checks per client address (whatever the names: so per name and address too). */
  byAddress: FailureLimit;
  /** Per account name from all addresses, looser: no one address can keep an owner out. */
  byName: (name: string) => FailureLimit;
}

/** scrypt takes 32 MiB on one of libuv's 4 threads (shared with DNS and files): few at once. */
const MAX_PASSWORD_CHECKS = 2;

const busy = () =>
  new ApiError(
    429,
    'too_many_sign_ins',
    'Too many passwords are being checked at once. Try again in a second.',
    { headers: { 'Retry-After': '1' } },
  );

/**
 * Takes a try from each bucket before a check (429 once one is empty, the tries taken given
 * back); the answer gives them all back, for a check that passed.
 */
export async function takeTries(c: Context<AppEnv>, buckets: FailureLimit[]) {
  const taken: FailureLimit[] = [];
  const giveBack = async () => {
    for (const bucket of taken) await bucket(c, 'returned');
  };
  try {
    for (const bucket of buckets) {
      await bucket(c, 'failed');
      taken.push(bucket);
    }
  } catch (error) {
    await giveBack();
    throw error;
  }
  return giveBack;
}

export interface PasswordCheck {
  /** Undefined when there is no account of that name. */
  account: Account | undefined;
  right: boolean;
  /** Gives the tries back: call it only once the password was right. */
  giveBack: () => Promise<void>;
}

export type CheckPassword = (
  c: Context<AppEnv>,
  name: string,
  password: string,
) => Promise<PasswordCheck>;

/** One checker per process, shared by every route that checks a password. */
export function passwordChecks(
  store: Pick<Store, 'getAccount'>,
  limits: PasswordLimits,
): CheckPassword {
  let checking = 0;
  return async (c, name, password) => {
    if (checking >= MAX_PASSWORD_CHECKS) throw busy();
    checking++;
    try {
      const giveBack = await takeTries(c, [limits.byAddress, limits.byName(name)]);
      const account = await store.getAccount(name);
      const right = await verifyPassword(password, account?.passwordHash);
      return { account, right, giveBack };
    } finally {
      checking--;
    }
  };
}
