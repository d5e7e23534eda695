/** @crypto-pay/sandbox: a stateful emulator of the processing API, for development and tests. */

export { createSandbox, type Sandbox } from './app.ts';
export type { SandboxClock } from './clock.ts';
export {
  DEFAULT_API_KEY,
  DEFAULT_CALLBACK_RETRY_DELAYS_MS,
  DEFAULT_PORT,
  DEFAULT_SIGNING_SECRET,
  optionsFromEnvironment,
  type SandboxOptions,
} from './config.ts';
export { CURRENCIES, type Currency } from './currencies.ts';
export { sandboxErrors } from './sandbox-errors.ts';
export { type RunningSandbox, startSandbox } from './server.ts';
export type { CallbackAttempt } from './store.ts';
