/**
 * Keeps the current checkout's id in sessionStorage so a reload (or the way back from the
 * payment page in the same tab) finds it again. Only the id is kept: never personal data, and
 * the status always comes fresh from the proxy.
 */

const PREFIX = 'crypto-pay:checkout:';

// Storage can throw (a sandboxed frame, a full quota): the widget then works without it.
export function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function loadCheckoutId(key: string): string | undefined {
  try {
    return storage()?.getItem(PREFIX + key) ?? undefined;
  } catch {
    return undefined;
  }
}

export function saveCheckoutId(key: string, id: string): void {
  try {
    storage()?.setItem(PREFIX + key, id);
  } catch {
    // Not kept: a reload starts afresh, which is safe.
  }
}

export function forgetCheckoutId(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to forget.
  }
}
