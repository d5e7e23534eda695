/**
 * One server of the product run as its own Node process, as a deployment runs it: every line it
 * writes is kept (for log assertions), and it can be stopped gracefully or killed outright.
 */

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { blockedPortProblem } from '@crypto-pay/protocol';
import { SOURCE_FLAGS } from './source.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface LogLine {
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface ServerProcess {
  name: string;
  /** `http://127.0.0.1:PORT` as the process announced it. */
  url: string;
  pid: number;
  child: ChildProcess;
  /**
   * Every line written so far, on both streams; with `keepStdout: false`, once ready, only the
   * last KEPT_LINES of them.
   */
  lines: LogLine[];
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with its exit code once it is gone. */
  stop(graceMs?: number): Promise<number | null>;
  /** SIGKILL at once (a crash, as far as the process can tell); resolves once it is gone. */
  kill(): Promise<void>;
  /** Resolves with its exit code once it is gone, however it ends (null for a signal). */
  exited(): Promise<number | null>;
  /**
   * Resolves with the first line it wrote, so far or from now on, that matches `pattern`; with
   * `keepStdout: false`, standard output after the ready line is neither kept nor matched.
   */
  lineMatching(pattern: RegExp): Promise<LogLine>;
}

/**
 * Runs `program` (an ES module's text; the workspace's TypeScript source can be imported) in a
 * child Node process, and resolves with the child and the JSON its first line of output
 * announced: for tests of what a test process leaves behind when it is killed.
 */
export async function spawnAnnouncing<Announced>(
  program: string,
): Promise<{ child: ChildProcess; announced: Announced }> {
  const child = spawn(
    process.execPath,
    [...SOURCE_FLAGS, '--input-type=module', '--eval', program],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const announced = await new Promise<Announced>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(JSON.parse(line)));
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before starting`)));
  });
  return { child, announced };
}

/** How many lines a process started with `keepStdout: false` keeps once it is ready. */
export const KEPT_LINES = 1000;

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

/** Resolves once `child` has exited: at once if it already has. */
export const exitOf = (child: ChildProcess): Promise<void> =>
  exited(child) ? Promise.resolve() : once(child, 'exit').then(() => undefined);

/** Why a server process never became ready: its exit (or the timeout) and what it wrote. */
export class NotReadyError extends Error {
  constructor(
    message: string,
    /** Its exit code, or null when a signal (or the timeout) ended it. */
    readonly exitCode: number | null,
    /** Everything it wrote, both streams, to the end. */
    readonly lines: LogLine[],
  ) {
    super(message);
  }
}

/** The text a process wrote on one stream, newlines as it wrote them. */
export const textOf = (lines: LogLine[], stream: LogLine['stream']) =>
  lines
    .filter((line) => line.stream === stream)
    .map((line) => `${line.text}\n`)
    .join('');

/** A Node program of the workspace to run, and how. */
export interface NodeCommand {
  bin: string;
  /** `bin` is a TypeScript entry of the workspace, run with SOURCE_FLAGS (no build needed). */
  source?: boolean;
  /** Where it runs and `bin` is found; the repository root unless given. */
  cwd?: string;
  args?: string[];
  /** The process's environment besides PATH and HOME; an undefined value is left out. */
  env: Record<string, string | undefined>;
  /** Its limit on open file descriptors, soft and hard, as `ulimit -n` sets it (POSIX only). */
  openFiles?: number;
  /** The Node to run it with (another version's, say); this test's own unless given. */
  node?: string;
  /** Written to its stdin, which is then closed (a pipe, not a terminal); /dev/null unless given. */
  input?: string;
}

/** Spawns `node <bin> ...args` (bin as given, relative to `cwd`), both output streams piped. */
function spawnNode(options: NodeCommand) {
  const env: Record<string, string> = {};
  const given = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env };
  for (const [name, value] of Object.entries(given)) if (value !== undefined) env[name] = value;
  // `bin` is passed as given, so the command line is exactly the one a deployment runs.
  const node = options.source ? [...SOURCE_FLAGS, options.bin] : [options.bin];
  const command = [options.node ?? process.execPath, ...node, ...(options.args ?? [])];
  // A shell sets the limit and becomes Node (exec: same pid, signals reach Node itself). Both
  // limits: Node raises its soft limit to the hard one at start.
  const [file, ...args] =
    options.openFiles === undefined
      ? command
      : ['sh', '-c', `ulimit -n ${options.openFiles} && exec "$@"`, 'sh', ...command];
  const spawnOptions = { cwd: options.cwd ?? ROOT, env };
  const child =
    options.input === undefined
      ? spawn(file!, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(file!, args, { ...spawnOptions, stdio: ['pipe', 'pipe', 'pipe'] });
  if (options.input !== undefined) {
    // A child that exits without reading it breaks the pipe: nothing to report then.
    child.stdin?.on('error', () => {});
    child.stdin?.end(options.input);
  }
  // Never outlive the test process, whatever way it ends.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('exit', () => process.removeListener('exit', orphanGuard));
  return child;
}

/**
 * Runs `node <bin> ...args` until it exits (a command, or a server refusing to start): its exit
 * code (null for a signal) and all it wrote on each stream. A server that starts after all is
 * sent SIGTERM once its stdout matches `stopWhen`, so the run still ends.
 */
export async function runToExit(
  options: NodeCommand & { stopWhen?: RegExp },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnNode(options);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
    if (options.stopWhen?.test(stdout) && !child.killed) child.kill('SIGTERM');
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  // 'close', not 'exit': by then both streams have ended and every byte is read.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/**
 * Starts `node <bin> ...args` (bin as given, relative to `cwd`; with `source`, a TypeScript entry
 * run as development runs it) and resolves once it prints a line matching `ready` (whose first
 * group is the URL). Rejects with a NotReadyError carrying its exit code and whole output if it
 * exits first.
 */
export async function startServerProcess(
  options: NodeCommand & {
    name: string;
    ready: RegExp;
    timeoutMs?: number;
    /**
     * Keep stdout lines after the ready line (default true). Benchmarks say false: the load
     * generator runs in this process, and splitting thousands of log lines a second would slow
     * it, not the server. Stderr is still kept, but only its last KEPT_LINES lines: a long
     * `pnpm start` session must not grow without end.
     */
    keepStdout?: boolean;
    /** Also write what it prints to this process's own streams (`pnpm start`). */
    echo?: boolean;
  },
): Promise<ServerProcess> {
  const child = spawnNode(options);
  const lines: LogLine[] = [];
  /** Who waits for a line to come (`lineMatching`). */
  const waiting = new Set<(line: LogLine) => void>();
  let found: ((url: string) => void) | undefined;
  let ready = false;
  for (const stream of ['stdout', 'stderr'] as const) {
    let rest = '';
    child[stream]!.setEncoding('utf8');
    child[stream]!.on('data', (chunk: string) => {
      if (options.echo) process[stream].write(chunk);
      if (stream === 'stdout' && ready && options.keepStdout === false) return;
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const text of parts) {
        const line = { stream, text };
        lines.push(line);
        if (ready && options.keepStdout === false && lines.length > KEPT_LINES) lines.shift();
        for (const waiter of waiting) waiter(line);
        // A colouring program (Vite) may put escape codes inside the URL.
        const match = options.ready.exec(stripVTControlCharacters(text));
        if (match) found?.(match[1]!);
      }
    });
    child[stream]!.on('end', () => {
      if (!rest) return;
      // A last line with no newline is a line too, for the waiters as for the record.
      const line = { stream, text: rest };
      lines.push(line);
      for (const waiter of waiting) waiter(line);
    });
  }
  const timeoutMs = options.timeoutMs ?? 30_000;
  const url = await new Promise<string>((resolve, reject) => {
    const output = () => lines.map((line) => `  ${line.text}`).join('\n');
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new NotReadyError(
          `${options.name} was not ready in ${timeoutMs} ms:\n${output()}`,
          null,
          lines,
        ),
      );
    }, timeoutMs);
    // 'close', not 'exit': by then both streams have ended and every line is kept.
    const early = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(
        new NotReadyError(
          `${options.name} exited (${signal ?? code}) before it was ready:\n${output()}`,
          code,
          lines,
        ),
      );
    };
    child.once('close', early);
    found = (url) => {
      ready = true;
      clearTimeout(timer);
      child.removeListener('close', early);
      resolve(url);
    };
  });

  const gone = () => exitOf(child);
  return {
    name: options.name,
    url,
    pid: child.pid!,
    child,
    lines,
    async stop(graceMs = 5000) {
      if (exited(child)) return child.exitCode;
      const done = gone();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await done;
      clearTimeout(timer);
      return child.exitCode;
    },
    async kill() {
      if (exited(child)) return;
      const done = gone();
      child.kill('SIGKILL');
      await done;
    },
    async exited() {
      await gone();
      return child.exitCode;
    },
    lineMatching(pattern) {
      const seen = lines.find((line) => pattern.test(line.text));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const ended = () => {
          waiting.delete(waiter);
          reject(new Error(`${options.name} ended without writing a line matching ${pattern}`));
        };
        const waiter = (line: LogLine) => {
          if (!pattern.test(line.text)) return;
          waiting.delete(waiter);
          child.removeListener('close', ended);
          resolve(line);
        };
        waiting.add(waiter);
        // 'close': every line it wrote has been read by then.
        if (child.stdout!.readableEnded && child.stderr!.readableEnded && exited(child)) ended();
        else child.once('close', ended);
      });
    },
  };
}

/**
 * The ports the kernel hands out itself (Linux's `ip_local_port_range`): the local end of every
 * outgoing connection, and of a listen on port 0, takes one of these.
 */
export function ephemeralPorts(): { low: number; high: number } {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && high) return { low, high };
  } catch {
    // Not Linux: the range most systems use.
  }
  return { low: 49152, high: 65535 };
}

/** Binds `port` on loopback and lets it go: whether nothing listens there now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Whether fetch, Node's and browsers', connects to `port` at all: 10080 is one it refuses. */
const fetchable = (port: number) =>
  blockedPortProblem(new URL(`http://127.0.0.1:${port}`)) === undefined;

/**
 * A port nobody uses right now, for a server that must be told its port in advance. Picked
 * below the kernel's own range: a port from that range may become the local end of some
 * connection (a test's request, a pool's to PostgreSQL) between this probe and the server's
 * bind, which then fails with EADDRINUSE; one below it is taken only by a server that asks for
 * it by number. Never one of fetch's bad ports, where every request to the server would fail.
 */
export async function freePort(): Promise<number> {
  const { low } = ephemeralPorts();
  const first = 10_000;
  const span = low - first;
  for (let tries = 0; span > 0 && tries < 50; tries++) {
    const port = first + Math.floor(Math.random() * span);
    if (fetchable(port) && (await bindable(port))) return port;
  }
  // No range below the kernel's (or all of it busy): the kernel's pick, as before.
  for (;;) {
    const port = await kernelPort();
    if (fetchable(port)) return port;
  }
}

/** A port the kernel picks from its own range for a listen on port 0, let go at once. */
function kernelPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves when nothing listens on `port`; rejects with a sentence naming `variable` otherwise. */
export function ensurePortFree(port: number, host: string, variable: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(
        new Error(`Port ${port} is busy: stop what uses it or set ${variable} to another port.`),
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * CPU seconds a process has used so far, user and system, from /proc (Linux only): utime and
 * stime, the 14th and 15th fields, in clock ticks of 1/100 s.
 */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name (2nd field) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Peak and current resident memory of a process in MiB, from /proc (Linux only). */
export async function memoryOf(pid: number): Promise<{ peakMiB: number; currentMiB: number }> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { peakMiB: kib('VmHWM') / 1024, currentMiB: kib('VmRSS') / 1024 };
}
