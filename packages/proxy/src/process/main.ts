/**
 * `crypto-pay-proxy`: reads the environment, starts the proxy, stops it gracefully on SIGTERM,
 * SIGINT or SIGHUP; `crypto-pay-proxy backup <target-file>` copies its database instead, and
 * `crypto-pay-proxy users add --role <role> <name>` makes a dashboard account (`users remove
 * <name>` removes one).
 */

// First: V8's collector is set before any other module allocates.
import './v8-flags.ts';
import {
  DatabaseFileError,
  DatabaseRefusedError,
  NativeAddonError,
} from '../store/open-failure.ts';
import { SchemaTooNewError } from '../store/schema.ts';
import { StoreUnavailableError } from '../store/unavailable.ts';
import { tracesWanted } from '../tracing/hooks.ts';
import { runCommandLine } from './command-line.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { postgresAddressOf } from './environment-schema.ts';
import { startProxy } from './server.ts';

/** Exit codes: 2 is a configuration the merchant can fix, 1 anything else. */
const CONFIGURATION = 2;
const FAILURE = 1;

/** Why the listener could not start, as the variable to change says it; undefined if not ours. */
function listenProblem(error: unknown, config: Config): string | undefined {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown };
  if (syscall === 'getaddrinfo') {
    return `HOST: cannot resolve ${config.host} (${String(code)}): give an IP address of this machine or a host name that resolves to one, such as 127.0.0.1 or 0.0.0.0.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `HOST: ${config.host} is not an address of this machine (EADDRNOTAVAIL).`;
  }
  if (code === 'EADDRINUSE') {
    return `PORT: ${config.port} is already in use on ${config.host} (EADDRINUSE).`;
  }
  if (code === 'EACCES') {
    return `PORT: not allowed to listen on ${config.port} (EACCES: ports below 1024 need privileges).`;
  }
  return undefined;
}

/**
 * Why a PostgreSQL server could not be used at start-up, naming where it was asked (its host and
 * port, never the user or password). Each may pass by itself, so exit 1: a supervisor retries.
 */
function unavailableLine(reason: string, at: string | undefined): string {
  const where = at ? ` at ${at}` : '';
  if (reason === 'postgres 53300') {
    return `DATABASE_URL: the database server${where} is up but has no connection left for this proxy (${reason}, too many clients): its max_connections, and the role's connection limit, must exceed the proxies' DATABASE_POOL_SIZE summed.`;
  }
  if (reason === 'postgres 57P03') {
    return `DATABASE_URL: the database server${where} is starting up or shutting down (${reason}): it may take connections at the next try.`;
  }
  return `DATABASE_URL: cannot reach the database${where} (${reason}): is the server up, and its address and port right?`;
}

/** The one line and exit code for a start-up failure. */
function failure(error: unknown, config: Config | undefined): [string, number] {
  if (error instanceof ConfigError) return [error.message, CONFIGURATION];
  if (
    error instanceof DatabaseFileError ||
    error instanceof DatabaseRefusedError ||
    error instanceof SchemaTooNewError
  ) {
    return [`DATABASE_URL: ${error.message}.`, CONFIGURATION];
  }
  if (error instanceof NativeAddonError) return [`cannot start: ${error.message}.`, FAILURE];
  if (error instanceof StoreUnavailableError) {
    const at = config && postgresAddressOf(config.databaseUrl)?.host;
    return [unavailableLine(error.reason, at || undefined), FAILURE];
  }
  const listen = config && listenProblem(error, config);
  if (listen) return [listen, CONFIGURATION];
  const message = error instanceof Error ? error.message : String(error);
  return [`cannot start: ${message}`, FAILURE];
}

const commandLine = await runCommandLine(process.argv.slice(2), process.env);
if (commandLine !== 'start') process.exit(commandLine);

let config: Config | undefined;
try {
  config = loadConfig(process.env);
  // Only asked for, OpenTelemetry is loaded at all: without it, nothing of it runs or takes memory.
  const tracing = tracesWanted(process.env)
    ? (await import('../tracing/sdk.ts')).startTracing(process.env)
    : undefined;
  const proxy = await startProxy(config);
  const stop = () => {
    void proxy
      .close()
      .then(() => tracing?.shutdown())
      // Spans a collector never took are not a reason to fail the stop.
      .catch(() => {})
      .then(() => process.exit(0));
  };
  // SIGHUP too (a closed terminal, a supervisor's reload): its default ends the process at
  // once, cutting off requests in flight. The configuration is read only at start. Every
  // signal is handled, the second too: it ends a drain (SHUTDOWN_DRAIN_MS), and the shutdown
  // itself cuts off what is left after its grace period.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, stop);
  // Only now: a supervisor that signals as soon as it reads this line gets a graceful stop.
  if (proxy.metricsUrl) console.log(`crypto-pay-proxy metrics on ${proxy.metricsUrl}`);
  console.log(`crypto-pay-proxy listening on ${proxy.url}`);
} catch (error) {
  const [line, code] = failure(error, config);
  console.error(`crypto-pay-proxy: ${line}`);
  process.exit(code);
}
