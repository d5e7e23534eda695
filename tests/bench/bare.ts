/** Starts the bare baseline server (bare-server.mjs) as its own process. */

import { type ServerProcess, startServerProcess } from '@crypto-pay/test-kit/process';

export function startBareServer(env: {
  MODE: 'json' | 'sqlite' | 'sse' | 'tcp' | 'forward';
  BODY?: string;
  /** More headers of `json` answers, as a JSON object. */
  HEADERS?: string;
  /** Where `forward` mode sends every request. */
  TARGET?: string;
  STATUS?: string;
  /** What `sqlite` mode reads before each answer: the proxy's file and one checkout in it. */
  DATABASE_FILE?: string;
  CHECKOUT_ID?: string;
}): Promise<ServerProcess> {
  return startServerProcess({
    name: 'bare server',
    bin: 'tests/bench/bare-server.mjs',
    env: { ...env },
    ready: /bare server listening on (\S+)/,
  });
}
