/**
 * deploy/kubernetes played with `podman kube play` (podman 4.3), as far as podman runs it: the
 * Deployment's three replicas with their ConfigMap and Secret, the example PostgreSQL's pod,
 * against a sandbox on this machine. The proxies and the database start under the manifests'
 * security contexts (a read-only root, no capability, no new privileges) and the proxies become ready on their readiness path, share one database (a checkout made on one is read
 * on the others, a callback taken by one is seen by all), and a pod stopped with its grace
 * period drains and exits cleanly while the others serve. What podman does not run (the
 * Service, the PodDisruptionBudget, the Ingress, a rollout) is checked from the files by
 * deploy-manifests.test.ts; what the test changes to play them is listed in deploy-files.ts.
 */

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Checkout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout, paymentRequestOf, readCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { kubernetesForPodman, type Manifest, manifestOf, readKubernetes } from './deploy-files.ts';
import {
  addressOfPod,
  askInside,
  assertConfined,
  credentials,
  databasePassword,
  deployRun,
  proxySettings,
  untilReadyInside,
} from './deploy-stack.ts';
import { containersConf, podman, podmanOk, runToEnd } from './podman.ts';
import { BUILD_TIMEOUT_MS, containerLogs, PROXY_IMAGE } from './proxy-container.ts';

const network = `crypto-pay-kube-${randomBytes(4).toString('hex')}`;
/** podman's names for what it plays: a Deployment's pods `NAME-pod-N`, their containers `POD-CONTAINER`. */
const PODS = [0, 1, 2].map((n) => `crypto-pay-proxy-pod-${n}`);
const proxyContainer = (pod: string) => `${pod}-proxy`;
/** The example PostgreSQL's container (postgres.yaml's StatefulSet played as a Pod). */
const DATABASE = 'postgres-postgres';
const run = deployRun('kube', { pods: ['postgres', ...PODS], networks: [network] });
const { dir, control } = run;

const urls = new Map<string, string>();

/** `podman kube play` of `manifests` (written to a file) on the test's network. */
async function play(name: string, manifests: Manifest[]): Promise<void> {
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, manifests.map((manifest) => JSON.stringify(manifest)).join('\n---\n'));
  const result = await runToEnd('podman', ['kube', 'play', '--network', network, file], {
    env: containersConf(dir),
  });
  if (result.status !== 0) {
    const logs = await Promise.all(
      [...PODS.map(proxyContainer), DATABASE].map(
        async (container) => `${container}:\n${await containerLogs(container)}`,
      ),
    );
    throw new Error(
      `podman kube play ${name} exited ${result.status}:\n${result.stderr}\n${logs.join('\n')}`,
    );
  }
}

/**
 * The merchant's placeholders filled as a merchant would: the sandbox's credentials and
 * addresses, the database password in both Secrets, a reference key. The webhook endpoint is
 * left out: the proxy takes http only on loopback, and no https receiver runs here.
 */
function filled(manifests: Manifest[], sandboxUrl: string): Manifest[] {
  return manifests.map((manifest) => {
    if (manifest.kind === 'Secret') {
      const values = { ...manifest.stringData };
      if ('DATABASE_URL' in values) {
        values.DATABASE_URL = values.DATABASE_URL.replace(
          'REPLACE_WITH_THE_DATABASE_PASSWORD',
          databasePassword,
        );
        values.PROCESSING_API_KEY = credentials.apiKey;
        values.PROCESSING_SIGNING_SECRET = credentials.signingSecret;
        values.END_USER_REFERENCE_KEY = randomBytes(24).toString('hex');
        delete values.WEBHOOK_SECRET;
      }
      if ('POSTGRES_PASSWORD' in values) values.POSTGRES_PASSWORD = databasePassword;
      return { ...manifest, stringData: values };
    }
    if (manifest.kind === 'ConfigMap') {
      const { WEBHOOK_URL: _, ...data } = manifest.data;
      return { ...manifest, data: { ...data, ...proxySettings(sandboxUrl) } };
    }
    return manifest;
  });
}

describe('deploy/kubernetes: played with podman kube play', () => {
  const manifests = readKubernetes([
    'secret.yaml',
    'configmap.yaml',
    'proxy.yaml',
    'postgres.yaml',
  ]);
  const probes = manifestOf(manifests, 'Deployment', 'crypto-pay-proxy').spec.template.spec
    .containers[0];

  before(
    async () => {
      const images = await run.images();
      const forPodman = (selected: Manifest[]) =>
        kubernetesForPodman(selected, {
          'registry.example.com/crypto-pay-proxy:REPLACE_WITH_YOUR_TAG': PROXY_IMAGE,
          'postgres:15': images.postgres,
        });
      await podmanOk(['network', 'create', network]);
      // The database first: its pod makes the network's bridge, where the sandbox listens.
      const isDatabase = (m: Manifest) =>
        m.kind === 'StatefulSet' || m.metadata.name === 'crypto-pay-postgres';
      await play('postgres', forPodman(filled(manifests.filter(isDatabase), '')));
      const sandbox = await run.startSandbox(network);
      const proxies = forPodman(
        filled(
          manifests.filter((m) => !isDatabase(m)),
          sandbox.url,
        ),
      );
      assert.doesNotMatch(JSON.stringify(proxies), /REPLACE_/, 'a placeholder left unfilled');
      await play('proxies', proxies);
      for (const pod of PODS) urls.set(pod, `http://${await addressOfPod(pod, network)}:8787`);
    },
    { timeout: BUILD_TIMEOUT_MS },
  );

  after(() => run.end());

  it('runs three replicas that become ready on the readiness path, live on the liveness path', async () => {
    assert.equal(probes.readinessProbe.httpGet.path, '/readyz');
    for (const pod of PODS) {
      await untilReadyInside(proxyContainer(pod), pod);
      const live = await askInside(proxyContainer(pod), probes.livenessProbe.httpGet.path);
      assert.equal(live.status, 200, live.text);
    }
  });

  it("runs every container as its manifest's user, confined: read-only root, no capability, no new privileges", async () => {
    const container = proxyContainer(PODS[0]!);
    assert.equal((await podman(['exec', container, 'id', '-u'])).stdout.trim(), '1000');
    const write = await podman(['exec', container, 'sh', '-c', 'touch /tmp/probe']);
    assert.notEqual(write.status, 0, 'the root file system is writable');
    assert.match(write.stderr, /Read-only file system/);
    assert.equal((await podman(['exec', DATABASE, 'id', '-u'])).stdout.trim(), '999');
    for (const confined of [...PODS.map(proxyContainer), DATABASE]) await assertConfined(confined);
  });

  let checkout: Checkout;

  it('shares one database: a checkout made on one proxy is read on the others', async () => {
    checkout = await createdCheckout(urls.get(PODS[0]!)!, {
      product: undefined,
      amount: '30.00',
      currency: 'EUR',
    });
    for (const pod of PODS.slice(1)) {
      const answer = await readCheckout(urls.get(pod)!, checkout.id);
      assert.equal(answer.status, 200, `${pod}: ${answer.text}`);
    }
  });

  it('applies a callback taken by one proxy for all of them', async () => {
    const wired = await control()('/merchant', {
      callback_url: `${urls.get(PODS[1]!)}/callbacks/processing`,
    });
    assert.equal(wired.status, 200, wired.text);
    const request = await paymentRequestOf({ control: control() }, checkout);
    const paid = await control()(`/payment-requests/${request.id}/simulate`, { outcome: 'paid' });
    assert.equal(paid.status, 200, paid.text);
    for (const pod of PODS) {
      await eventually(async () => {
        const answer = await readCheckout(urls.get(pod)!, checkout.id);
        return (answer.json as Checkout | undefined)?.status === 'paid';
      }, `${pod} to read the checkout paid`);
    }
  });

  it('stops a pod within its grace period after the drain; the others serve', async () => {
    const [stopped, ...others] = PODS;
    const container = proxyContainer(stopped!);
    const grace = String(
      manifestOf(manifests, 'Deployment', 'crypto-pay-proxy').spec.template.spec
        .terminationGracePeriodSeconds,
    );
    // podman 4.3 does not make terminationGracePeriodSeconds the stop timeout (it stays 10 s):
    // the stop is given it, as the kubelet would wait it.
    await podmanOk(['pod', 'stop', '--time', grace, stopped!]);
    assert.equal(await podmanOk(['inspect', '--format', '{{.State.ExitCode}}', container]), '0');
    const logs = await containerLogs(container);
    const drain = manifestOf(manifests, 'ConfigMap', 'crypto-pay-proxy').data.SHUTDOWN_DRAIN_MS;
    assert.match(logs, new RegExp(`"message":"draining".*"drain_ms":${drain}`), logs);
    assert.match(logs, /"message":"stopped"/, `no shutdown line in:\n${logs}`);
    const created = await createdCheckout(urls.get(others[0]!)!, {
      product: undefined,
      amount: '31.00',
      currency: 'EUR',
    });
    assert.equal((await readCheckout(urls.get(others[1]!)!, created.id)).status, 200);
  });
});
