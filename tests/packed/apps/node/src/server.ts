/**
 * A merchant's server on the packed packages: the sandbox answers the client's call, and the
 * proxy's entry points are type-checked beside them (running it needs better-sqlite3's addon).
 */
import { createProcessingClient } from '@crypto-pay/client';
import { signBody } from '@crypto-pay/protocol';
import { compareDecimal, type DecimalString } from '@crypto-pay/protocol/money';
import { signBodySync } from '@crypto-pay/protocol/node';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import {
  type Config,
  createApp,
  loadConfig,
  openSqliteStore,
  type RunningProxy,
  type Store,
  startProxy,
} from '@crypto-pay/proxy';
import { startSandbox } from '@crypto-pay/sandbox';

/** The proxy as a merchant's server starts it. */
export async function startShopProxy(): Promise<{ proxy: RunningProxy; store: Store }> {
  const config: Config = loadConfig(process.env);
  const store = openSqliteStore(':memory:');
  return { proxy: await startProxy(config), store };
}
export const proxyApp: typeof createApp = createApp;
export const shown = (checkout: Checkout): string => `${checkout.amount} ${checkout.currency.iso}`;

const sandbox = await startSandbox({ port: 0 });
try {
  const client = createProcessingClient(sandbox);
  const currencies = await client.listCurrencies();
  const total: DecimalString = '10.00';
  const signed = (await signBody('secret', '{}')) === signBodySync('secret', '{}');
  console.log(
    JSON.stringify({ currencies: currencies.length, signed, more: compareDecimal(total, '1') }),
  );
} finally {
  await sandbox.close();
}
