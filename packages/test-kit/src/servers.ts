/**
 * The product's two servers as processes, started one way by every suite: the sandbox (the
 * processing service) and the proxy, each from its built bin as deployed or from its TypeScript
 * source; the proxy's environment for a processing service; the data directory a proxy keeps
 * its SQLite file and catalogue in.
 */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG } from './checkouts.ts';
import { send } from './http.ts';
import { ROOT, type ServerProcess, startServerProcess } from './process.ts';
import { sandboxDriver } from './sandbox-driver.ts';

/** The processing credentials a sandbox checks and a proxy signs with. */
export interface Credentials {
  apiKey: string;
  signingSecret: string;
}

/** The spec's `{base_url}` and `{payments_base_url}` of a processing service. */
export interface ProcessingUrls {
  baseUrl: string;
  paymentsBaseUrl: string;
}

/** The base URLs of the sandbox listening at `origin`. */
export const processingUrls = (origin: string): ProcessingUrls => ({
  baseUrl: `${origin}/api/v2`,
  paymentsBaseUrl: `${origin}/api/payments/v1`,
});

export interface SandboxProcessOptions {
  /** The built bin, as the README runs it, or the TypeScript source (no build needed). */
  built: boolean;
  /** Where it listens: 127.0.0.1 unless given (a podman network's gateway, say). */
  host?: string;
  /** A free port unless given. */
  port?: number;
  /** Its API key and signing secret; the sandbox's public defaults unless given. */
  credentials?: Credentials;
  /** Where its callbacks go from the start (the banner names it); `wireCallbacks` moves them. */
  callbackUrl?: string;
  /** Delays of its callback retries; quick ones let a proxy that was down catch up in a test. */
  callbackRetryDelaysMs?: number[];
  /** What it inherits (a developer's shell): the options above win over it. */
  inherited?: Record<string, string | undefined>;
  /** More variables, over everything else. */
  env?: Record<string, string | undefined>;
  keepStdout?: boolean;
  echo?: boolean;
}

/** Starts `crypto-pay-sandbox`; resolves once it prints where it listens. */
export function startSandboxProcess(options: SandboxProcessOptions): Promise<ServerProcess> {
  const { credentials, callbackUrl, callbackRetryDelaysMs } = options;
  return startServerProcess({
    name: 'sandbox',
    ...(options.built
      ? { bin: 'packages/sandbox/bin/crypto-pay-sandbox.mjs' }
      : { bin: 'packages/sandbox/src/cli.ts', source: true }),
    args: ['--port', String(options.port ?? 0), '--host', options.host ?? '127.0.0.1'],
    env: {
      ...options.inherited,
      ...(credentials && {
        SANDBOX_API_KEY: credentials.apiKey,
        SANDBOX_SIGNING_SECRET: credentials.signingSecret,
      }),
      ...(callbackUrl === undefined ? {} : { SANDBOX_CALLBACK_URL: callbackUrl }),
      ...(callbackRetryDelaysMs === undefined
        ? {}
        : { SANDBOX_CALLBACK_RETRY_DELAYS_MS: callbackRetryDelaysMs.join(',') }),
      ...options.env,
    },
    ready: /crypto-pay-sandbox listening on (\S+)/,
    ...(options.keepStdout === undefined ? {} : { keepStdout: options.keepStdout }),
    ...(options.echo === undefined ? {} : { echo: options.echo }),
  });
}

/**
 * The proxy's variables for a processing service: the service and its credentials, and the
 * open amounts every test shop takes (1.00 to 500.00 EUR or USD); `extra` on top.
 */
export function proxyEnv(
  service: ProcessingUrls,
  credentials: Credentials,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    PROCESSING_API_KEY: credentials.apiKey,
    PROCESSING_SIGNING_SECRET: credentials.signingSecret,
    PROCESSING_BASE_URL: service.baseUrl,
    PROCESSING_PAYMENTS_BASE_URL: service.paymentsBaseUrl,
    OPEN_AMOUNT_MIN: '1.00',
    OPEN_AMOUNT_MAX: '500.00',
    OPEN_AMOUNT_CURRENCIES: 'EUR,USD',
    ...extra,
  };
}

export interface ProxyData {
  dir: string;
  databaseFile: string;
  /** DATABASE_URL and CATALOG_FILE for a proxy on this data. */
  env: { DATABASE_URL: string; CATALOG_FILE: string };
  /** Deletes the directory and all in it. */
  remove(): void;
}

/**
 * A proxy's data: the test catalogue (written now, unless `catalog` is false) and its SQLite
 * file (`database`, relative: crypto-pay.db unless given), in `dir` (made if missing) or else
 * in a new temporary directory.
 */
export function proxyData(
  options: { dir?: string | undefined; prefix?: string; database?: string; catalog?: boolean } = {},
): ProxyData {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), options.prefix ?? 'crypto-pay-proxy-'));
  // Owner-only, as the proxy wants its database's folder (it would warn and fix it otherwise).
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const databaseFile = join(dir, options.database ?? 'crypto-pay.db');
  const catalogFile = join(dir, 'catalog.json');
  if (options.catalog ?? true) writeFileSync(catalogFile, JSON.stringify(CATALOG));
  return {
    dir,
    databaseFile,
    env: { DATABASE_URL: `sqlite:${databaseFile}`, CATALOG_FILE: catalogFile },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Sends the callbacks of `sandbox` to the proxy at `proxyUrl` (its control API's /merchant). */
export async function wireCallbacks(
  sandbox: { url: string } & Credentials,
  proxyUrl: string,
): Promise<void> {
  const wired = await sandboxDriver(sandbox.url, sandbox, send).control('/merchant', {
    callback_url: `${proxyUrl}/callbacks/processing`,
  });
  if (wired.status !== 200) throw new Error(`Cannot set the callback URL: ${wired.text}`);
}

/** Where a proxy's bin is and how it runs (`NodeCommand`'s fields for it). */
export interface ProxyCommand {
  cwd: string;
  bin: string;
  source?: boolean;
}

/**
 * The proxy's entry point as a command, run from its package's folder as its container runs
 * it: the built bin, as deployed, or the TypeScript source, as development runs it.
 */
export function proxyCommand(built: boolean): ProxyCommand {
  const cwd = join(ROOT, 'packages/proxy');
  return built
    ? { cwd, bin: 'bin/crypto-pay-proxy.mjs' }
    : { cwd, bin: 'src/process/main.ts', source: true };
}

export interface ProxyProcessOptions {
  /** The built bin or the TypeScript source (`proxyCommand`). */
  built: boolean;
  /** Another proxy's bin instead (an older release's, installed elsewhere): `built` is unused. */
  command?: ProxyCommand;
  /** Its variables (`proxyEnv` and more); HOST is 127.0.0.1 and PORT a free one unless given. */
  env: Record<string, string | undefined>;
  name?: string;
  /** Its limit on open file descriptors (`ulimit -n`). */
  openFiles?: number;
  keepStdout?: boolean;
  echo?: boolean;
  /** A sandbox whose callbacks are sent to this proxy once it listens. */
  callbacksFrom?: { url: string } & Credentials;
}

/**
 * Starts `crypto-pay-proxy` (`proxyCommand`); resolves once it prints where it listens and,
 * with `callbacksFrom`, the sandbox calls it back there.
 */
export async function startProxyProcess(options: ProxyProcessOptions): Promise<ServerProcess> {
  const proxy = await startServerProcess({
    name: options.name ?? 'proxy',
    ...(options.command ?? proxyCommand(options.built)),
    env: { HOST: '127.0.0.1', PORT: '0', ...options.env },
    ready: /crypto-pay-proxy listening on (\S+)/,
    ...(options.openFiles === undefined ? {} : { openFiles: options.openFiles }),
    ...(options.keepStdout === undefined ? {} : { keepStdout: options.keepStdout }),
    ...(options.echo === undefined ? {} : { echo: options.echo }),
  });
  if (options.callbacksFrom) {
    try {
      await wireCallbacks(options.callbacksFrom, proxy.url);
    } catch (error) {
      await proxy.kill();
      throw error;
    }
  }
  return proxy;
}
