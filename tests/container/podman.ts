/**
 * Podman as the container tests run it: Debian's package, installed when missing (as
 * scripts/chromium.mjs installs the browser), and always invoked the one way this kind of
 * machine allows.
 */

import { execFileSync, spawn, spawnSync } from 'node:child_process';

/**
 * Global options of every podman call: crun refuses kernels with hybrid cgroups and there may be
 * no systemd to manage them, so runc with plain cgroupfs.
 */
const GLOBAL_OPTIONS = ['--runtime', 'runc', '--cgroup-manager', 'cgroupfs'];

/** Installs podman, runc and debootstrap from Debian's packages unless podman is already there. */
export function ensurePodman(): void {
  if (spawnSync('podman', ['--version'], { stdio: 'ignore' }).status === 0) return;
  console.log('podman not found: installing Debian packages podman, runc, debootstrap (needs root).');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'podman', 'runc', 'debootstrap'], {
    stdio: 'inherit',
    env,
  });
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
  const [nofile, nproc] = execFileSync('sh', ['-c', 'ulimit -n; ulimit -u'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((value) => (/^\d+$/.test(value) ? Number(value) : Number.POSITIVE_INFINITY));
  const files = Math.min(nofile ?? Number.POSITIVE_INFINITY, 1_048_576);
  const processes = Math.min(nproc ?? Number.POSITIVE_INFINITY, MONITOR_NPROC);
  return ['--ulimit', `nofile=${files}:${files}`, '--ulimit', `nproc=${processes}:${processes}`];
}

export interface PodmanResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `podman <args>` to its end without throwing; output kept for the caller's message. */
export function podman(args: string[], options: { echo?: boolean } = {}): Promise<PodmanResult> {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', [...GLOBAL_OPTIONS, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
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
