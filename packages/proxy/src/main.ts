/** `crypto-pay-proxy`: reads the environment, starts the proxy, stops it on SIGTERM/SIGINT. */

import { ConfigError, loadConfig } from './config.ts';
import { startProxy } from './server.ts';

try {
  const config = loadConfig(process.env);
  const proxy = await startProxy(config);
  console.log(`crypto-pay-proxy listening on ${proxy.url}`);
  const stop = () => {
    void proxy.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`crypto-pay-proxy: ${error.message}`);
    process.exit(2);
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`crypto-pay-proxy: cannot start: ${message}`);
  process.exit(1);
}
