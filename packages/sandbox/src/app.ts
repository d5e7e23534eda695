/**
 * Assembles the sandbox: the processing routes behind the pipeline, the hosted pages, the
 * dashboard and control API, one error handler. `createSandbox` needs no socket, so unit
 * tests drive it through `app.request()`.
 */

import { Hono } from 'hono';
import { hostGuard } from './allowed-hosts.ts';
import { type CallbackSender, createCallbackSender } from './callbacks.ts';
import { createClock, type SandboxClock } from './clock.ts';
import { type ResolvedOptions, resolveOptions, type SandboxOptions } from './config.ts';
import { controlRoutes } from './control.ts';
import type { SandboxCore } from './core.ts';
import { dashboardPage } from './dashboard.ts';
import type { SandboxEnv } from './env.ts';
import { expireDue } from './expiry.ts';
import { answerError, fail } from './failure.ts';
import { hostedPageRoutes } from './hosted-page.ts';
import { GENERAL_BASE, PAYMENTS_BASE, processingPipeline } from './pipeline.ts';
import { drainUnreadBodies } from './raw-body.ts';
import { accountRoutes } from './routes/accounts.ts';
import { invoiceRoutes } from './routes/invoices.ts';
import { paymentRequestRoutes } from './routes/payment-requests.ts';
import { transactionRoutes } from './routes/transactions.ts';
import { withdrawalRoutes } from './routes/withdrawals.ts';
import { sandboxErrors } from './sandbox-errors.ts';
import { createStore, type SandboxStore } from './store.ts';

export interface Sandbox {
  app: Hono<SandboxEnv>;
  options: ResolvedOptions;
  store: SandboxStore;
  clock: SandboxClock;
  callbacks: CallbackSender;
  /** Stops the expiry sweep and callback retries. */
  close(): void;
}

/** How often open payment requests and invoices are checked against the clock. */
const EXPIRY_SWEEP_MS = 1000;

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const resolved = resolveOptions(options);
  const store = createStore(resolved.callbackUrl);
  const clock = createClock(resolved.now);
  const callbacks = createCallbackSender(resolved, store);
  const core: SandboxCore = { options: resolved, store, clock, callbacks };

  const app = new Hono<SandboxEnv>();
  app.onError(answerError);
  app.use('*', drainUnreadBodies());
  app.use('*', hostGuard(resolved));
  app.use('/api/*', processingPipeline(core));
  app.route(PAYMENTS_BASE, paymentRequestRoutes(core));
  app.route(GENERAL_BASE, accountRoutes(core));
  app.route(GENERAL_BASE, invoiceRoutes(core));
  app.route(GENERAL_BASE, withdrawalRoutes(core));
  app.route(GENERAL_BASE, transactionRoutes(core));
  app.all('/api/*', () => fail(sandboxErrors.routeNotFound));
  app.route('/', hostedPageRoutes(core));
  app.get('/_sandbox', (c) => c.redirect('/_sandbox/', 301));
  app.get('/_sandbox/', (c) => c.html(dashboardPage(core)));
  app.route('/_sandbox', controlRoutes(core));
  app.get('/', (c) => c.redirect('/_sandbox/', 302));
  app.notFound((c) => c.json({ error: 'Not found.', code: 'not_found' }, 404));

  const sweep = setInterval(() => {
    try {
      expireDue(core);
    } catch (error) {
      // A timer has no caller to answer: log it and keep the sandbox (and the sweep) alive.
      console.error('crypto-pay-sandbox: expiry sweep failed', error);
    }
  }, EXPIRY_SWEEP_MS);
  sweep.unref();
  return {
    app,
    options: resolved,
    store,
    clock,
    callbacks,
    close() {
      clearInterval(sweep);
      callbacks.close();
    },
  };
}
