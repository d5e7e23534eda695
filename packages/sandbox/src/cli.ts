/** `crypto-pay-sandbox [--port N] [--host H]`: starts the sandbox and says where it listens. */

import { ConfigError, hostSource, optionsFromEnvironment } from './config.ts';
import { startSandbox } from './server.ts';

const USAGE = `Usage: crypto-pay-sandbox [--port N] [--host H]

Environment: SANDBOX_PORT (default 8790), SANDBOX_HOST (default 127.0.0.1), SANDBOX_API_KEY,
SANDBOX_SIGNING_SECRET, SANDBOX_CALLBACK_URL, SANDBOX_BLOCKED_HOSTS (comma-separated),
SANDBOX_ALLOWED_HOSTS (comma-separated), SANDBOX_CALLBACK_RETRY_DELAYS_MS (comma-separated),
SANDBOX_CLOCK_SKEW_SECONDS (the service's clock ahead of this machine's; negative: behind).`;

/** Listen errors that mean the host does not resolve or is not one of this machine's addresses. */
const BAD_ADDRESS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EADDRNOTAVAIL']);

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  let options: ReturnType<typeof optionsFromEnvironment>;
  try {
    options = optionsFromEnvironment(env, argv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`crypto-pay-sandbox: ${error.message}`);
    process.exitCode = 2;
    return;
  }
  let running: Awaited<ReturnType<typeof startSandbox>>;
  try {
    running = await startSandbox(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (BAD_ADDRESS_CODES.has(code)) {
      // The address itself is wrong: a bad value, like a bad port.
      console.error(
        `crypto-pay-sandbox: ${hostSource(env, argv)} is not an address this machine can bind, got "${options.host}" (${code})`,
      );
      process.exitCode = 2;
      return;
    }
    console.error(`crypto-pay-sandbox: cannot listen: ${(error as Error).message}`);
    process.exitCode = 1;
    return;
  }
  console.log(`crypto-pay-sandbox listening on ${running.url}`);
  console.log(`  base_url           ${running.baseUrl}`);
  console.log(`  payments_base_url  ${running.paymentsBaseUrl}`);
  console.log(`  dashboard          ${running.url}/_sandbox/`);
  console.log(`  API key            ${running.apiKey}`);
  console.log(
    `  signing secret     ${running.signingSecret}   (SANDBOX ONLY: never use it for real money)`,
  );
  console.log(
    `  callbacks to       ${running.sandbox.store.merchant.callbackUrl ?? '(none; set SANDBOX_CALLBACK_URL or POST /_sandbox/merchant)'}`,
  );
  const stop = () => {
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await main(process.argv.slice(2), process.env);
