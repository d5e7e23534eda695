/** Expiry by the sandbox clock: run on every clock move, before reads, and once a second. */

import type { SandboxCore } from './core.ts';
import { expireDueInvoices } from './invoice-lifecycle.ts';
import { expireDuePaymentRequests } from './payment-lifecycle.ts';

export function expireDue(core: SandboxCore): void {
  expireDuePaymentRequests(core);
  expireDueInvoices(core);
}
