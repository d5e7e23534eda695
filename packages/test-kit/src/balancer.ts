/**
 * HAProxy in front of several proxies, as a merchant runs them: Debian's package (installed when
 * missing), a configuration written to a temporary directory, health checks on `/readyz`, event
 * streams kept open between heartbeats, retries on another proxy when one refuses connections,
 * and the runtime API to see which proxies it sends traffic to.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackages } from './debian-packages.mjs';
import { guardAgainstOrphans } from './orphan-guard.ts';
import { exitOf, freePort } from './process.ts';
import type { Stack } from './stack.ts';

/** The HAProxy backend that holds the proxies: the `proxies` of `Server proxies/NAME is UP`. */
const BACKEND = 'proxies';

/** Installs Debian's `haproxy` (2.6 on Debian 12) when it is missing. */
export function ensureHaproxy(): void {
  ensureDebianPackages([{ provides: 'haproxy', package: 'haproxy' }], 'the balancer tests');
}

/** One server behind the balancer: a proxy listening on 127.0.0.1:`port`. */
export interface BalancedServer {
  /** HAProxy's name for it (letters, digits, `-`, `_`, `.`). */
  name: string;
  port: number;
}

export interface BalancerOptions {
  servers: BalancedServer[];
  /** How often each server's `/readyz` is asked (default 100 ms: the tests' waits are short). */
  checkIntervalMs?: number;
  /**
   * Failed checks in a row that take a server out (default 3: one slow answer from a busy
   * proxy must not), and passed ones that put it back (default 2), as deploy/'s HAProxy.
   */
  fall?: number;
  rise?: number;
  /** Inactivity allowed to an ordinary request, either side (default 30 s). */
  requestTimeoutMs?: number;
  /**
   * Inactivity allowed to an event stream (default 1 h). Must exceed the proxy's heartbeat
   * interval (15 s): the stream is silent in between.
   */
  streamTimeoutMs?: number;
  /** Connections at once (default 4096); HAProxy raises its file limit to match. */
  maxConnections?: number;
}

/** Its configuration: written here, not kept as a file, so every value is in one place. */
function configuration(port: number, socket: string, options: BalancerOptions): string {
  const requestTimeout = `${options.requestTimeoutMs ?? 30_000}ms`;
  const servers = options.servers.map(({ name, port }) => `  server ${name} 127.0.0.1:${port}`);
  return `${[
    'global',
    `  maxconn ${options.maxConnections ?? 4096}`,
    `  stats socket ${socket} mode 600 level admin`,
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    `  timeout client ${requestTimeout}`,
    `  timeout server ${requestTimeout}`,
    '  timeout http-request 10s',
    '  timeout queue 5s',
    '  timeout check 2s',
    // A proxy that refuses the connection (stopped, not yet seen by the checks): try again,
    // each time on another proxy. Only refused connections are retried (HAProxy's default
    // `retry-on conn-failure`), so no request reaches two proxies.
    '  retries 3',
    '  option redispatch 1',
    'frontend checkout',
    `  bind 127.0.0.1:${port}`,
    `  default_backend ${BACKEND}`,
    `backend ${BACKEND}`,
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    // An event stream is one long response, not a tunnel: `timeout tunnel` never applies to it
    // (measured on 2.6: cut at `timeout server`). Its own server timeout, set per request.
    '  acl event_stream path_end /events',
    '  acl event_stream req.hdr(accept) -m sub text/event-stream',
    `  http-request set-timeout server ${options.streamTimeoutMs ?? 3_600_000}ms if event_stream`,
    `  default-server check inter ${options.checkIntervalMs ?? 100}ms fall ${options.fall ?? 3} rise ${options.rise ?? 2}`,
    ...servers,
  ].join('\n')}\n`;
}

/** A server's state as HAProxy's runtime API reports it. */
export interface ServerState {
  name: string;
  /** `UP`, `DOWN`, `MAINT`, `DRAIN`, or a transition such as `UP 1/2`. */
  status: string;
  /** Requests sent to it so far. */
  requests: number;
}

export interface Balancer {
  /** `http://127.0.0.1:PORT`: where clients (widgets, the service's callbacks) send requests. */
  url: string;
  /** The temporary directory: its configuration (`haproxy.cfg`) and runtime API socket. */
  directory: string;
  /** Every line HAProxy wrote (both streams): state changes, reloads, alerts. */
  lines: string[];
  /** Each server's state now, from the runtime API's `show stat`. */
  servers(): Promise<ServerState[]>;
  /**
   * Resolves once HAProxy holds server `name` to be `status` (UP: in rotation; DOWN: out),
   * whether it already did or changes to it later (its own log line is the event).
   */
  untilServer(name: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<void>;
  /** One command of the runtime API (e.g. `set server proxies/a state drain`); its answer. */
  command(text: string): Promise<string>;
  /** Re-reads the configuration without closing open connections; resolves once loaded. */
  reload(): Promise<void>;
  /**
   * Stops at once, closing every connection (default), or with `graceMs`, stops listening and
   * lets open requests finish for that long (a soft stop: idle keep-alive connections of
   * clients hold it too). Resolves once it has exited and its directory is gone.
   */
  stop(graceMs?: number): Promise<void>;
}

/** The line HAProxy's master writes once a (re)loaded worker serves. */
const LOADED = /: Loading success\./;

/** Starts HAProxy in front of `options.servers`; resolves once it accepts connections. */
export async function startBalancer(options: BalancerOptions): Promise<Balancer> {
  ensureHaproxy();
  const directory = mkdtempSync(join(tmpdir(), 'crypto-pay-balancer-'));
  const socket = join(directory, 'admin.sock');
  const configFile = join(directory, 'haproxy.cfg');
  const port = await freePort();
  writeFileSync(configFile, configuration(port, socket, options));

  // Master-worker (-W) in the foreground (-db): reloads on SIGUSR2, says when it is loaded. In
  // a process group of its own, which the orphan guard kills whole (master and workers).
  const child: ChildProcess = spawn('haproxy', ['-W', '-db', '-f', configFile], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const guard = guardAgainstOrphans([
    ['kill', '-KILL', `-${child.pid}`],
    ['rm', '-rf', directory],
  ]);
  const lines: string[] = [];
  const watchers = new Set<(line: string) => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        for (const watch of watchers) watch(line);
      }
    });
  }
  /**
   * Watches for the next line matching `pattern`: `seen` rejects if HAProxy exits or time runs
   * out first; `cancel()` stops watching without settling it.
   */
  const nextLine = (pattern: RegExp, what: string, timeoutMs = 10_000) => {
    let cancel = () => {};
    const seen = new Promise<void>((resolve, reject) => {
      const watch = (line: string) => {
        if (pattern.test(line)) finish(resolve);
      };
      const exited = (code: number | null) =>
        finish(() => reject(new Error(`HAProxy exited (${code}) before ${what}:\n${output()}`)));
      const timer = setTimeout(
        () => finish(() => reject(new Error(`No ${what} within ${timeoutMs} ms:\n${output()}`))),
        timeoutMs,
      );
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        watchers.delete(watch);
        child.removeListener('exit', exited);
        settle();
      };
      cancel = () => finish(() => {});
      watchers.add(watch);
      child.once('exit', exited);
    });
    return { seen, cancel };
  };
  const output = () => lines.map((line) => `  ${line}`).join('\n');

  const gone = () => exitOf(child);
  const cleanUp = () => {
    rmSync(directory, { recursive: true, force: true });
    guard.release();
  };
  try {
    await nextLine(LOADED, 'HAProxy serving').seen;
  } catch (error) {
    child.kill('SIGKILL');
    await gone();
    cleanUp();
    throw error;
  }

  const command = (text: string) =>
    new Promise<string>((resolve, reject) => {
      const connection = connect(socket);
      let answer = '';
      connection.setEncoding('utf8');
      connection.on('data', (chunk: string) => {
        answer += chunk;
      });
      connection.once('error', reject);
      connection.once('end', () => resolve(answer));
      connection.end(`${text}\n`);
    });

  const servers = async (): Promise<ServerState[]> => {
    const [header, ...rows] = (await command('show stat')).trim().split('\n');
    const columns = header!.replace(/^# /, '').split(',');
    const column = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    return rows
      .map((row) => row.split(','))
      .filter((row) => column(row, 'pxname') === BACKEND && column(row, 'svname') !== 'BACKEND')
      .map((row) => ({
        name: column(row, 'svname'),
        status: column(row, 'status'),
        requests: Number(column(row, 'stot')),
      }));
  };

  return {
    url: `http://127.0.0.1:${port}`,
    directory,
    lines,
    servers,
    async untilServer(name, status, timeoutMs = 10_000) {
      // Watch the log first, then look at the state: a change in between is seen by one of them.
      const changed = nextLine(
        new RegExp(`Server ${BACKEND}/${name.replaceAll('.', '\\.')} is ${status}\\b`),
        `server ${name} ${status}`,
        timeoutMs,
      );
      const now = await servers().then(
        (all) => all.find((server) => server.name === name),
        (error: Error) => {
          changed.cancel();
          throw error;
        },
      );
      // `UP 1/3` is in rotation and counting failures (as every server starts), `DOWN 1/2` out
      // and counting passes: each moves without a log line while it goes back.
      if (now?.status === status || now?.status.startsWith(`${status} `)) changed.cancel();
      else if (!now) {
        changed.cancel();
        throw new Error(`HAProxy has no server named ${name}.`);
      } else await changed.seen;
    },
    command,
    async reload() {
      const loaded = nextLine(LOADED, 'the reloaded configuration');
      child.kill('SIGUSR2');
      await loaded.seen;
    },
    async stop(graceMs = 0) {
      const done = gone();
      child.kill(graceMs > 0 ? 'SIGUSR1' : 'SIGTERM');
      const timer = graceMs > 0 ? setTimeout(() => child.kill('SIGTERM'), graceMs) : undefined;
      await done;
      clearTimeout(timer);
      cleanUp();
    },
  };
}

/** HAProxy's name for the stack's proxy `index`. */
export const balancedName = (index: number) => `p${index}`;

/**
 * A balancer in front of every proxy of `stack` (named by `balancedName`), resolved once each is
 * in rotation and the sandbox sends its callbacks through it, as the service would.
 */
export async function balanceStack(stack: Stack): Promise<Balancer> {
  const balancer = await startBalancer({
    servers: stack.proxies.map((proxy, index) => ({
      name: balancedName(index),
      port: Number(new URL(proxy.url).port),
    })),
  });
  try {
    for (const [index] of stack.proxies.entries()) {
      await balancer.untilServer(balancedName(index), 'UP');
    }
    const wired = await stack.control('/merchant', {
      callback_url: `${balancer.url}/callbacks/processing`,
    });
    if (wired.status !== 200)
      throw new Error(`The sandbox refused the callback address: ${wired.text}`);
  } catch (error) {
    await balancer.stop();
    throw error;
  }
  return balancer;
}
