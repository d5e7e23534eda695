/**
 * deploy/'s Compose file and Kubernetes manifests as the deploy tests read them: parsed, and
 * turned into what podman runs here with as little changed as possible (the images built on
 * this machine instead of the registry's; for `podman kube play`, the kinds it cannot run
 * rewritten or left out), each change named where it is made.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '@crypto-pay/test-kit/process';
import { parse, parseAllDocuments } from 'yaml';

export const DEPLOY = join(ROOT, 'deploy');

/** A parsed YAML mapping: deploy/'s files are read as data, and the tests check their shape. */
// biome-ignore lint/suspicious/noExplicitAny: YAML read as data; the tests assert its shape.
export type Manifest = Record<string, any>;

/**
 * Each image name deploy/ uses, and the local image that replaces it here. A name missing from
 * the map fails the test: a new image in deploy/ needs a stand-in.
 */
export type ImageMap = Record<string, string>;

function localImage(name: string, images: ImageMap, where: string): string {
  const local = images[name];
  if (!local) throw new Error(`${where}: no local stand-in for image ${name}`);
  return local;
}

/** deploy/compose/compose.yaml, parsed (its `x-proxy` anchor resolved into each proxy). */
export function readCompose(): Manifest {
  return parse(readFileSync(join(DEPLOY, 'compose/compose.yaml'), 'utf8'), { merge: true });
}

/**
 * The Compose file as podman-compose runs it here: the same services, each image replaced by
 * its local one, each bind mount's relative source (`./haproxy.cfg`, `../prometheus/alerts.yml`)
 * made absolute in deploy/compose, so the repository's own files are mounted wherever the test
 * writes this. Written out as JSON (which is YAML), so podman-compose reads exactly this.
 */
export function composeForTest(compose: Manifest, images: ImageMap): string {
  const mounted = (volume: string) =>
    volume.startsWith('.') ? join(DEPLOY, 'compose', volume) : volume;
  const services = Object.fromEntries(
    Object.entries(compose.services as Manifest).map(([name, service]) => [
      name,
      {
        ...service,
        image: localImage(service.image, images, `service ${name}`),
        ...(service.volumes ? { volumes: (service.volumes as string[]).map(mounted) } : {}),
      },
    ]),
  );
  return JSON.stringify({ ...compose, services }, null, 2);
}

/** Every document of every manifest under deploy/kubernetes, in file order. */
export function readKubernetes(files: string[]): Manifest[] {
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(join(DEPLOY, 'kubernetes', file), 'utf8'))
      .map((document) => document.toJS() as Manifest | null)
      .filter((manifest): manifest is Manifest => manifest !== null),
  );
}

/** The one manifest of `kind` named `name`; fails naming it otherwise. */
export function manifestOf(manifests: Manifest[], kind: string, name: string): Manifest {
  const found = manifests.filter((m) => m.kind === kind && m.metadata?.name === name);
  if (found.length !== 1) throw new Error(`expected one ${kind} ${name}, found ${found.length}`);
  return found[0]!;
}

/** The kinds podman 4.3's `kube play` leaves out without a word (it has no cluster for them). */
export const IGNORED_BY_PODMAN = ['Service', 'PodDisruptionBudget', 'Ingress'];

/**
 * The manifests as `podman kube play` (podman 4.3) runs them here, and what was changed:
 * - images: the local ones;
 * - containers' `ports`: left out, as podman 4.3 publishes each containerPort on the same port
 *   of the host (three replicas would take 8787 three times); the tests reach each pod at its
 *   address on the pod network, as a cluster's Service does;
 * - a Secret: played as a ConfigMap of its keys named `secret-NAME` (a ConfigMap may have the
 *   Secret's own name), and `secretRef` / `secretKeyRef` read from it, since podman 4.3 cannot
 *   read back the Secrets it stores (containers/podman#16269: "secret … is not valid JSON");
 * - a StatefulSet, which podman does not run: its pod template played as a Pod of the
 *   StatefulSet's name (`postgres`: the name DATABASE_URL uses, as the Service's in a cluster),
 *   each of its volumeClaimTemplates an emptyDir of the claim's name (the data lives as long
 *   as the pod);
 * - Services, PodDisruptionBudgets, Ingresses: left out (IGNORED_BY_PODMAN).
 * A Deployment is played as it is: podman makes one pod per replica, `NAME-pod-N`.
 */
export function kubernetesForPodman(manifests: Manifest[], images: ImageMap): Manifest[] {
  const withImages = (spec: Manifest, where: string): Manifest => ({
    ...spec,
    containers: (spec.containers as Manifest[]).map(({ ports: _, ...container }) => ({
      ...container,
      image: localImage(container.image, images, `${where} container ${container.name}`),
    })),
  });
  const played: Manifest[] = [];
  for (const manifest of manifests) {
    const where = `${manifest.kind} ${manifest.metadata.name}`;
    switch (manifest.kind) {
      case 'Secret':
        played.push({
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { ...manifest.metadata, name: secretConfigMap(manifest.metadata.name) },
          data: { ...decoded(manifest.data ?? {}), ...manifest.stringData },
        });
        break;
      case 'ConfigMap':
        played.push(manifest);
        break;
      case 'Deployment':
        played.push(withTemplate(manifest, withImages(manifest.spec.template.spec, where)));
        break;
      case 'StatefulSet':
        played.push({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { ...manifest.spec.template.metadata, name: manifest.metadata.name },
          spec: claimsAsEmptyDirs(
            withImages(manifest.spec.template.spec, where),
            manifest.spec.volumeClaimTemplates ?? [],
          ),
        });
        break;
      default:
        if (!IGNORED_BY_PODMAN.includes(manifest.kind)) {
          throw new Error(`${where}: a kind the test does not know how podman plays`);
        }
    }
  }
  return played.map(secretsAsConfigMaps);
}

function decoded(data: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, Buffer.from(value, 'base64').toString()]),
  );
}

function withTemplate(manifest: Manifest, spec: Manifest): Manifest {
  return {
    ...manifest,
    spec: { ...manifest.spec, template: { ...manifest.spec.template, spec } },
  };
}

/**
 * A volume claimed by a template is no volume of the pod (podman would refuse the mount): an
 * emptyDir of its name stands in, writable under a read-only root as the claim is.
 */
function claimsAsEmptyDirs(spec: Manifest, claims: Manifest[]): Manifest {
  const volumes = claims.map((claim) => ({ name: claim.metadata.name, emptyDir: {} }));
  return { ...spec, volumes: [...(spec.volumes ?? []), ...volumes] };
}

const secretConfigMap = (name: string) => `secret-${name}`;

/** `secretRef` and `secretKeyRef` anywhere in a manifest, read from the Secret's ConfigMap. */
function secretsAsConfigMaps(value: Manifest): Manifest {
  if (Array.isArray(value)) return value.map(secretsAsConfigMaps);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === 'secretRef' || key === 'secretKeyRef') {
        const kind = key === 'secretRef' ? 'configMapRef' : 'configMapKeyRef';
        return [kind, { ...inner, name: secretConfigMap(inner.name) }];
      }
      return [key, secretsAsConfigMaps(inner)];
    }),
  );
}
