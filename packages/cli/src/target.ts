/**
 * Which proxy a command talks to, and with which admin token: `--proxy` and `--token` first,
 * then `CRYPTO_PAY_PROXY_URL` and `CRYPTO_PAY_ADMIN_TOKEN`, then what `pnpm start` runs (its
 * proxy on port 8787 with the demo's token). The demo token is sent only to a proxy on this
 * machine: any other has no token unless one is given. The command says which it used, on
 * stderr, and never prints the token itself.
 */

import { blockedPortProblem, isLoopback } from '@crypto-pay/protocol';
import { UsageError } from './failures.ts';
import { type Io, painter } from './io.ts';

/** What `pnpm start` runs (scripts/start.mjs, the test kit's demo): a test keeps them equal. */
export const START_PROXY_URL = 'http://127.0.0.1:8787';
export const START_ADMIN_TOKEN = 'demo-admin-token';

export interface TargetOptions {
  proxy?: string;
  token?: string;
}

export interface Target {
  /** The proxy's origin and base path, without a trailing slash. */
  proxyUrl: string;
  /** Undefined: none given and the proxy is not on this machine (a call that needs one refuses). */
  token: string | undefined;
  /** Where each came from, as the command prints it. */
  proxyFrom: string;
  tokenFrom: string;
}

function proxyUrlOf(value: string, from: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(
      `${from} must be the proxy's address, like ${START_PROXY_URL}; got "${value}".`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${from} must be an http or https address; got "${value}".`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new UsageError(
      `${from} must be the proxy's address alone, with no query, fragment or credentials.`,
    );
  }
  // fetch would refuse it before sending (`bad port`): said now, as the flag's mistake.
  const blocked = blockedPortProblem(url);
  if (blocked) {
    throw new UsageError(
      `${from} ${url.origin} ${blocked}: nothing was sent. Run the proxy on another port, such as 8787.`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** Whether `url` is the address `pnpm start` uses: the only one its hints may name. */
export const isStartProxy = (url: string) => url.replace(/\/+$/, '') === START_PROXY_URL;

/** The proxy and token of this run, from the flags, the environment or `pnpm start`'s. */
export function targetOf(options: TargetOptions, env: Io['env']): Target {
  const [proxy, proxyFrom] =
    options.proxy !== undefined
      ? [options.proxy, '--proxy']
      : env.CRYPTO_PAY_PROXY_URL
        ? [env.CRYPTO_PAY_PROXY_URL, 'CRYPTO_PAY_PROXY_URL']
        : [START_PROXY_URL, 'the address pnpm start uses'];
  const proxyUrl = proxyUrlOf(proxy, proxyFrom);
  // A demo token sent to a remote proxy would be a wrong token spent on its failed-token limit.
  const local = isStartProxy(proxyUrl) || isLoopback(new URL(proxyUrl).hostname);
  const [token, tokenFrom] =
    options.token !== undefined
      ? [options.token, '--token']
      : env.CRYPTO_PAY_ADMIN_TOKEN
        ? [env.CRYPTO_PAY_ADMIN_TOKEN, 'CRYPTO_PAY_ADMIN_TOKEN']
        : local
          ? [START_ADMIN_TOKEN, "pnpm start's demo token"]
          : [undefined, 'nowhere (no --token or CRYPTO_PAY_ADMIN_TOKEN)'];
  if (token?.trim() === '')
    throw new UsageError(`${tokenFrom} is empty: give the proxy's ADMIN_TOKEN.`);
  return { proxyUrl, token, proxyFrom, tokenFrom };
}

/** One line on stderr: which proxy, from where, and where the token came from. */
export function sayTarget(io: Io, target: Target): void {
  const paint = painter(io.stderr, io.env);
  io.stderr.write(
    `${paint('dim', `Proxy ${target.proxyUrl} (${target.proxyFrom}), token from ${target.tokenFrom}.`)}\n`,
  );
}
