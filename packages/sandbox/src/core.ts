/** What every part of the sandbox shares: its options, state, clock and callback sender. */

import { randomBytes } from 'node:crypto';
import type { CallbackSender } from './callbacks.ts';
import type { SandboxClock } from './clock.ts';
import type { ResolvedOptions } from './config.ts';
import type { Currency } from './currencies.ts';
import type { SandboxStore } from './store.ts';

export interface SandboxCore {
  options: ResolvedOptions;
  store: SandboxStore;
  clock: SandboxClock;
  callbacks: CallbackSender;
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** A made-up deposit address in the network's usual form (never a real wallet). */
export function sandboxAddress(currency: Currency): string {
  switch (currency.network) {
    case 'bitcoin':
      return `tb1q${hex(19)}`;
    case 'litecoin':
      return `tltc1q${hex(19)}`;
    case 'tron':
      return `T${hex(16).toUpperCase()}sandbox`;
    case 'ripple':
      return `r${hex(16)}`;
    case 'dogecoin':
      return `n${hex(16)}`;
    default:
      return `0x${hex(20)}`;
  }
}

/** A made-up transaction hash. */
export function sandboxTxid(): string {
  return hex(32);
}
