/**
 * Podman as the container tests run it: Debian's package, installed when missing (by
 * @crypto-pay/test-kit/debian-packages, as the browsers are), and always invoked the one way this kind of
 * machine allows.
 */

import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages } from '@crypto-pay/test-kit/debian-packages';

/**
 * Global options of every podman call: crun refuses kernels with hybrid cgroups and there may be
 * no systemd to manage them, so runc with plain cgroupfs.
 */
const GLOBAL_OPTIONS = ['--runtime', 'runc', '--cgroup-manager', 'cgroupfs'];

const PACKAGES = ['podman', 'runc', 'debootstrap', 'podman-compose'];

/**
 * Installs Debian's podman, runc, debootstrap (for the base image) and podman-compose (for
 * deploy/compose) when one is missing.
 */
export function ensurePodman(): void {
  ensureDebianPackages(
    PACKAGES.map((name) => ({ provides: name, package: name })),
    'the container test',
  );
}

/**
 * podman runs its container monitor (conmon) with at most this many processes, whatever its
 * own limit, and a container's init cannot raise a limit above its parent's: a higher nproc
 * makes runc fail with "error setting rlimit type 6".
 */
const MONITOR_NPROC = 32768;

/**
 * `--ulimit` options for `run` and `build` at or below this process's own limits: podman's
 * defaults are higher, and raising a limit is refused where the tests run.
 */
export function ulimitOptions(): string[] {
  // Soft limits, as `ulimit -n` and `ulimit -u` print them ("unlimited" is Infinity).
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const limit = (name: string) => {
    const value = new RegExp(`^${name}\\s+(\\S+)`, 'm').exec(limits)?.[1];
    return value && /^\d+$/.test(value) ? Number(value) : Number.POSITIVE_INFINITY;
  };
  // Unlimited open files: podman's own default.
  const files = Math.min(limit('Max open files'), 1_048_576);
  const processes = Math.min(limit('Max processes'), MONITOR_NPROC);
  return ['--ulimit', `nofile=${files}:${files}`, '--ulimit', `nproc=${processes}:${processes}`];
}

/**
 * The options of every `podman build` of the tests: never a registry (the base image is the
 * local one, or a merchant's pulled one), the host's network (npm and apt-get reach their
 * registries with this machine's), Docker's format (OCI images have no HEALTHCHECK), and
 * ulimitOptions().
 */
export function buildOptions(): string[] {
  return ['--pull=never', '--network', 'host', '--format', 'docker', ...ulimitOptions()];
}

/**
 * A containers.conf with the global options and `ulimitOptions()` as podman's defaults, for the
 * programs that run podman themselves (podman-compose) or take no `--ulimit` (`kube play`):
 * their environment gets `CONTAINERS_CONF` pointing at it. Written into `directory`.
 */
export function containersConf(directory: string): Record<string, string> {
  const path = join(directory, 'containers.conf');
  const [, files, , processes] = ulimitOptions();
  writeFileSync(
    path,
    [
      '[containers]',
      `default_ulimits = ["${files}", "${processes}"]`,
      '[engine]',
      `runtime = "${GLOBAL_OPTIONS[1]}"`,
      `cgroup_manager = "${GLOBAL_OPTIONS[3]}"`,
      '',
    ].join('\n'),
  );
  return { CONTAINERS_CONF: path };
}

export interface PodmanResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `podman <args>` to its end without throwing; output kept for the caller's message. */
export function podman(args: string[], options: { echo?: boolean } = {}): Promise<PodmanResult> {
  return runToEnd('podman', [...GLOBAL_OPTIONS, ...args], options);
}

/** Runs a program to its end without throwing, its output kept (and echoed if asked). */
export function runToEnd(
  command: string,
  args: string[],
  options: { echo?: boolean; env?: Record<string, string> } = {},
): Promise<PodmanResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (options.echo) process.stdout.write(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (options.echo) process.stderr.write(chunk);
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** Runs `podman <args>` and resolves with its trimmed stdout; rejects with its output on failure. */
export async function podmanOk(args: string[], options: { echo?: boolean } = {}): Promise<string> {
  const result = await podman(args, options);
  if (result.status !== 0) {
    throw new Error(
      `podman ${args.join(' ')} exited ${result.status}:\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout.trim();
}
