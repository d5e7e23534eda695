/**
 * What the container tests need around the containers they start: the sandbox where the proxies
 * reach it (on a podman network's gateway, or loopback), the proxies' settings pointed at it (as
 * variables or an env file), a proxy asked directly from inside its container, how a container
 * is confined (capabilities, no new privileges, a read-only root), and every
 * container, pod, network and volume a run made removed again, even when the test process dies;
 * a deploy test's run (deployRun) holds them together.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { send } from '@crypto-pay/test-kit/http';
import { guardAgainstOrphans, type OrphanGuard } from '@crypto-pay/test-kit/orphan-guard';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { sandboxDriver } from '@crypto-pay/test-kit/sandbox-driver';
import { processingUrls, proxyEnv, startSandboxProcess } from '@crypto-pay/test-kit/servers';
import { podman, podmanOk } from './podman.ts';
import { buildProxyImage, containerLogs } from './proxy-container.ts';
import { ensureStandInImages, type StandInImages } from './stand-in-images.ts';

/** The processing credentials the sandbox and the proxies share for one run. */
export const credentials = {
  apiKey: 'deploy-key',
  signingSecret: `deploy-secret-${randomBytes(16).toString('hex')}`,
};

/** A password both PostgreSQL and DATABASE_URL take as it is (hex: nothing to escape). */
export const databasePassword = randomBytes(18).toString('hex');

/** The address of the host on podman network `network` (its bridge's gateway). */
export async function gatewayOf(network: string): Promise<string> {
  const gateway = await podmanOk([
    'network',
    'inspect',
    '--format',
    '{{range .Subnets}}{{.Gateway}}{{end}}',
    network,
  ]);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(gateway)) {
    throw new Error(`podman network ${network} has no IPv4 gateway: "${gateway}"`);
  }
  return gateway;
}

/**
 * The sandbox on the gateway of a podman network, the one address of this machine its
 * containers reach (the bridge must exist: a container on the network must have started), or
 * on 127.0.0.1 for a container on the host's network.
 */
export function startSandboxOn(gateway: string): Promise<ServerProcess> {
  return startSandboxProcess({ built: true, host: gateway, credentials });
}

/** The proxies' settings besides the database's, as a merchant's proxy.env or ConfigMap has them. */
export function proxySettings(sandboxUrl: string): Record<string, string> {
  return proxyEnv(processingUrls(sandboxUrl), credentials, {
    OPEN_AMOUNT_CURRENCIES: 'EUR',
    // Every create of the test comes from this one machine.
    RATE_LIMIT_CHECKOUTS_PER_MINUTE: '10000',
  });
}

/** Variables as an env file has them (podman's and compose's `--env-file`): one a line. */
export const envFileOf = (variables: Record<string, string>): string =>
  Object.entries(variables)
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');

export interface InsideAnswer {
  status: number;
  text: string;
  json: unknown;
}

/**
 * `GET path` asked of the proxy in `container` on its own loopback, with the image's Node (the
 * slim image has no curl): that proxy's answer, whatever the balancer would pick.
 */
export async function askInside(container: string, path: string): Promise<InsideAnswer> {
  const script = `fetch('http://127.0.0.1:8787${path}').then(
    async (r) => console.log(JSON.stringify({ status: r.status, text: await r.text() })),
    (e) => console.log(JSON.stringify({ status: 0, text: String(e.cause ?? e) })))`;
  const result = await podman(['exec', container, 'node', '-e', script]);
  if (result.status !== 0) return { status: 0, text: result.stderr, json: undefined };
  const { status, text } = JSON.parse(result.stdout) as { status: number; text: string };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, text, json };
}

/** Whether the proxy in `container` answers `/readyz` with 200 (false while it cannot). */
export async function readyInside(container: string): Promise<boolean> {
  return (await askInside(container, '/readyz')).status === 200;
}

/**
 * Waits (READY_WITHIN_MS) until the proxy in `container` answers `/readyz` with 200; the
 * failure, naming it `name`, carries its logs.
 */
export async function untilReadyInside(container: string, name: string): Promise<void> {
  await eventually(
    () => readyInside(container),
    `${name} to answer /readyz with 200`,
    READY_WITHIN_MS,
  ).catch(async (error: Error) => {
    throw new Error(`${error.message}\nits logs:\n${await containerLogs(container)}`);
  });
}

/** How a running container is confined, as its first process and a write into `/` find it. */
export interface Confinement {
  /** PID 1's NoNewPrivs: 1 when no setuid program can raise what it may do. */
  noNewPrivs: string;
  /** PID 1's effective and bounding capability sets, in hex: all zeros is none at all. */
  capEff: string;
  capBnd: string;
  /** A write into `/`: `read-only`, `written`, or the error the shell printed. */
  rootWrite: string;
}

/** What deploy/ promises of every container it runs. */
export const CONFINED: Confinement = {
  noNewPrivs: '1',
  capEff: '0000000000000000',
  // The bounding set too: a process without capabilities could otherwise regain them (by a
  // setuid program, or by running as root).
  capBnd: '0000000000000000',
  rootWrite: 'read-only',
};

export async function confinementOf(container: string): Promise<Confinement> {
  const status = await podmanOk(['exec', container, 'cat', '/proc/1/status']);
  const field = (name: string) =>
    new RegExp(`^${name}:\\s*(\\S+)`, 'm').exec(status)?.[1] ?? `no ${name} line`;
  const probe = `/crypto-pay-probe-${randomBytes(4).toString('hex')}`;
  const write = await podman(['exec', container, 'sh', '-c', `: > ${probe} && rm ${probe}`]);
  let rootWrite = write.stderr.trim();
  if (write.status === 0) rootWrite = 'written';
  else if (/Read-only file system/.test(write.stderr)) rootWrite = 'read-only';
  return {
    noNewPrivs: field('NoNewPrivs'),
    capEff: field('CapEff'),
    capBnd: field('CapBnd'),
    rootWrite,
  };
}

/** Fails naming `container` unless it is confined as deploy/ promises (CONFINED). */
export async function assertConfined(container: string): Promise<void> {
  assert.deepEqual(await confinementOf(container), CONFINED, `${container} is not confined`);
}

/** What a run makes: containers by their label, pods and networks by their names. */
export interface Made {
  label?: string;
  pods?: string[];
  networks?: string[];
}

/**
 * Removes what a run made: the containers labelled `label` (with their anonymous volumes), the
 * pods named (with theirs), then the volumes so labelled and the networks named; guarded, so it
 * also runs if the test process dies first.
 */
export function cleanupOf(options: Made): {
  run(): Promise<void>;
  guard: OrphanGuard;
} {
  const { label, pods = [], networks = [] } = options;
  const filters = [...(label ? [`label=${label}`] : []), ...pods.map((pod) => `pod=${pod}`)];
  const global = '--runtime runc --cgroup-manager cgroupfs';
  const script = [
    ...filters.map(
      (filter) =>
        `podman ${global} ps -aq --filter '${filter}' | xargs -r podman ${global} rm -f -v -t 0`,
    ),
    ...pods.map((pod) => `podman ${global} pod rm -f -t 0 '${pod}'`),
    ...(label
      ? [
          `podman ${global} volume ls -q --filter 'label=${label}' | xargs -r podman ${global} volume rm -f`,
        ]
      : []),
    ...networks.map((network) => `podman ${global} network rm -f '${network}'`),
  ].join('; ');
  const guard = guardAgainstOrphans([['sh', '-c', script]]);
  const listed = async (args: string[]) => (await podman(args)).stdout.split(/\s+/).filter(Boolean);
  return {
    guard,
    async run() {
      for (const filter of filters) {
        const containers = await listed(['ps', '-aq', '--filter', filter]);
        if (containers.length) await podman(['rm', '-f', '-v', '-t', '0', ...containers]);
      }
      for (const pod of pods) await podman(['pod', 'rm', '-f', '-t', '0', pod]);
      if (label) {
        for (const volume of await listed(['volume', 'ls', '-q', '--filter', `label=${label}`])) {
          await podman(['volume', 'rm', '-f', volume]);
        }
      }
      for (const network of networks) await podman(['network', 'rm', '-f', network]);
      guard.release();
    },
  };
}

/** The address of pod `pod` on podman network `network`: this machine reaches it directly. */
export async function addressOfPod(pod: string, network: string): Promise<string> {
  const infra = await podmanOk(['pod', 'inspect', '--format', '{{.InfraContainerID}}', pod]);
  return podmanOk([
    'inspect',
    '--format',
    `{{(index .NetworkSettings.Networks "${network}").IPAddress}}`,
    infra,
  ]);
}

/** Three proxies and a database starting at once on a loaded 2-CPU machine. */
export const READY_WITHIN_MS = 120_000;

/**
 * One deploy test's run: a folder of its own (`dir`), the images it plays, the sandbox on its
 * network's gateway, and `end()`, which removes what the run `made`, the sandbox and the folder.
 */
export function deployRun(name: string, made: Made) {
  const dir = mkdtempSync(join(tmpdir(), `crypto-pay-deploy-${name}-`));
  const cleanup = cleanupOf(made);
  let sandbox: ServerProcess | undefined;
  return {
    dir,
    /** The proxy's image built, and the stand-ins for the official images. */
    async images(): Promise<StandInImages> {
      await buildProxyImage();
      return ensureStandInImages();
    },
    /** Starts the sandbox on `network`'s gateway (the bridge must exist). */
    async startSandbox(network: string): Promise<ServerProcess> {
      sandbox = await startSandboxOn(await gatewayOf(network));
      return sandbox;
    },
    /** The sandbox's control API (once started). */
    control: () => {
      if (!sandbox) throw new Error('the sandbox has not started');
      return sandboxDriver(sandbox.url, credentials, send).control;
    },
    async end(): Promise<void> {
      await cleanup.run();
      await sandbox?.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
