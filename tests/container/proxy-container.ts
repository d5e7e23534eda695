/**
 * The proxy's image and containers as the container test drives them through podman: the build
 * (base image assembled first when missing), a container started with the image's own command,
 * its HEALTHCHECK, its logs, its exit, and removal of whatever the test created.
 */

import { join } from 'node:path';
import { ROOT } from '@crypto-pay/test-kit/process';
import { ensureBaseImage } from './base-image.ts';
import { buildOptions, ensurePodman, podman, podmanOk, ulimitOptions } from './podman.ts';

/** The image the test builds; a tag of its own so a merchant's images are left alone. */
export const PROXY_IMAGE = 'localhost/crypto-pay-proxy:test';

export interface BuildTimes {
  /** Seconds spent assembling the local base image (0 when it existed). */
  baseImageSeconds: number;
  /** Seconds of `podman build` (its layer cache makes a rebuild of unchanged code quick). */
  buildSeconds: number;
}

const since = (started: number) => Number(((Date.now() - started) / 1000).toFixed(1));

/** The last lines of a long output, for a failure message that still fits a screen. */
const tail = (text: string, count = 60) => text.trimEnd().split('\n').slice(-count).join('\n');

/** Installs podman if needed, assembles the base image if needed, builds PROXY_IMAGE. */
export async function buildProxyImage(): Promise<BuildTimes> {
  ensurePodman();
  let started = Date.now();
  const assembled = await ensureBaseImage();
  const baseImageSeconds = assembled ? since(started) : 0;
  started = Date.now();
  const build = await podman([
    'build',
    ...buildOptions(),
    // podman reads no Dockerfile-specific ignore file by itself (docker's BuildKit does).
    '--ignorefile',
    join(ROOT, 'packages/proxy/Dockerfile.dockerignore'),
    '--file',
    join(ROOT, 'packages/proxy/Dockerfile'),
    '--tag',
    PROXY_IMAGE,
    ROOT,
  ]);
  if (build.status !== 0) {
    throw new Error(
      `podman build of packages/proxy/Dockerfile failed (exit ${build.status}):\n${tail(build.stdout + build.stderr)}`,
    );
  }
  return { baseImageSeconds, buildSeconds: since(started) };
}

/**
 * What packages/proxy/README.md ("As a container") adds to `docker run`: a read-only root (the
 * proxy writes to /data only), no capability, no privilege gained through a setuid program.
 */
export const CONFINED_RUN_OPTIONS = [
  '--read-only',
  '--cap-drop',
  'ALL',
  '--security-opt',
  'no-new-privileges',
];

/**
 * Starts a detached container of PROXY_IMAGE with the image's own command, on the host's
 * network (the sandbox listens on this machine's loopback), `/data` on `volume`; `confined`
 * adds CONFINED_RUN_OPTIONS.
 */
export async function runProxyContainer(options: {
  name: string;
  volume: string;
  envFile: string;
  confined?: boolean;
}): Promise<void> {
  await podmanOk([
    'run',
    '--detach',
    '--name',
    options.name,
    '--network',
    'host',
    ...(options.confined ? CONFINED_RUN_OPTIONS : []),
    ...ulimitOptions(),
    '--env-file',
    options.envFile,
    '--volume',
    `${options.volume}:/data`,
    PROXY_IMAGE,
  ]);
}

/** Everything the container wrote, both streams (podman interleaves them). */
export async function containerLogs(name: string): Promise<string> {
  const logs = await podman(['logs', name]);
  return logs.stdout + logs.stderr;
}

/**
 * Runs the image's HEALTHCHECK command once in the container: true when it passed. podman runs
 * it on a timer only under systemd, so the test asks for each check itself.
 */
export async function healthy(name: string): Promise<boolean> {
  return (await podman(['healthcheck', 'run', name])).status === 0;
}

/** Whether the container is still running (false once its process has exited). */
export async function running(name: string): Promise<boolean> {
  return (await podmanOk(['inspect', '--format', '{{.State.Running}}', name])) === 'true';
}

/** `podman exec` as the image's user (or `user`): its exit status and output. */
export function exec(name: string, command: string[], options: { user?: string } = {}) {
  return podman(['exec', ...(options.user ? ['--user', options.user] : []), name, ...command]);
}

/**
 * Stops the container as `docker stop` does (SIGTERM, SIGKILL after `graceSeconds`); resolves
 * with its exit code.
 */
export async function stopContainer(name: string, graceSeconds: number): Promise<number> {
  await podmanOk(['stop', '--time', String(graceSeconds), name]);
  return Number(await podmanOk(['inspect', '--format', '{{.State.ExitCode}}', name]));
}

/** Removes containers and volumes, running or not, present or not. */
export async function removeAll(containers: string[], volumes: string[]): Promise<void> {
  if (containers.length > 0) await podman(['rm', '--force', '--ignore', ...containers]);
  for (const volume of volumes) await podman(['volume', 'rm', '--force', volume]);
}

/** Building the image from nothing takes minutes on this machine; with its layers cached, seconds. */
export const BUILD_TIMEOUT_MS = 20 * 60_000;
