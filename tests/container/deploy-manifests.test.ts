/**
 * What deploy/'s files promise, read from the files themselves, including what podman cannot
 * run here (a Kubernetes rollout, the PodDisruptionBudget, the Service): every variable they set
 * is one the proxy reads; the drain outlasts the balancer's look at /readyz and the stop waits
 * for the drain; a rollout never takes a ready proxy away first; probes ask /readyz and
 * /healthz; the balancer routes on /readyz and gives event streams their long timeout; every
 * container is confined, including what podman does not apply (seccomp, runAsNonRoot).
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from '@crypto-pay/test-kit/process';
import { DEPLOY, type Manifest, manifestOf, readCompose, readKubernetes } from './deploy-files.ts';
import { imageNodeOptions } from './image-node-options.ts';

/**
 * What a stop takes after the drain, at most: the proxy's own grace for requests in flight once
 * it stops accepting (README, Signals), then the store's close, cut at its deadline.
 */
const AFTER_DRAIN_MS = 10_000 + 5_000; // the store's: DEFAULT_CLOSE_TIMEOUT_MS (postgres.ts)

/** The variables packages/proxy/README.md's Environment table documents. */
function documentedVariables(): Set<string> {
  const readme = readFileSync(join(ROOT, 'packages/proxy/README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Environment'), readme.indexOf('## The catalogue'));
  const names = table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!));
  return new Set(names);
}

/** NAME=value lines of an env file, commented-out ones included (they are documentation too). */
function envFileNames(path: string): string[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** The lines of haproxy.cfg's section headed `header` (`global`, `frontend checkout`), up to the next. */
function section(config: string, header: string): string {
  const start = config.search(new RegExp(`^${header}$`, 'm'));
  assert.ok(start >= 0, `no section ${header}`);
  const rest = config.slice(start + header.length);
  const end = rest.search(/^\S/m);
  return end < 0 ? rest : rest.slice(0, end);
}

const seconds = (duration: string) => {
  const match = /^(\d+)(ms|s|m)$/.exec(duration);
  assert.ok(match, `duration ${duration}`);
  return Number(match[1]) * { ms: 0.001, s: 1, m: 60 }[match[2] as 'ms' | 's' | 'm'];
};

describe('deploy/compose', () => {
  const compose = readCompose();
  const proxies = Object.entries(compose.services as Manifest).filter(([name]) =>
    name.startsWith('proxy-'),
  );
  const haproxy = readFileSync(join(DEPLOY, 'compose/haproxy.cfg'), 'utf8');

  it('runs three proxies of one image, each listed in the balancer', () => {
    assert.equal(proxies.length, 3);
    for (const [name, proxy] of proxies) {
      assert.equal(proxy.image, proxies[0]![1].image);
      assert.match(haproxy, new RegExp(`^\\s*server ${name} ${name}:8787$`, 'm'));
    }
  });

  it('sets only variables the proxy reads', () => {
    const documented = documentedVariables();
    const names = [
      ...proxies.flatMap(([, proxy]) => Object.keys(proxy.environment)),
      ...envFileNames(join(DEPLOY, 'compose/proxy.env.example')),
    ];
    assert.deepEqual(
      names.filter((name) => !documented.has(name)),
      [],
    );
    for (const [, proxy] of proxies) {
      assert.match(
        proxy.environment.DATABASE_URL,
        /^postgres:\/\/crypto_pay:\$\{POSTGRES_PASSWORD/,
      );
      assert.equal(proxy.environment.TRUST_PROXY, 'true');
    }
    assert.match(haproxy, /^\s*option forwardfor$/m, 'TRUST_PROXY needs X-Forwarded-For');
  });

  it('drains each proxy for longer than HAProxy takes to see /readyz fail', () => {
    assert.match(haproxy, /^\s*option httpchk GET \/readyz$/m);
    const check = /^\s*default-server check inter (\S+) fall (\d+)/m.exec(haproxy);
    assert.ok(check, 'default-server check inter … fall …');
    const timeoutCheck = /^\s*timeout check (\S+)$/m.exec(haproxy);
    assert.ok(timeoutCheck, 'timeout check …');
    // The worst case: the signal just after a check, `fall` failing checks after it, the last
    // one taking its whole timeout.
    const seen = (seconds(check[1]!) * (Number(check[2]) + 1) + seconds(timeoutCheck[1]!)) * 1000;
    for (const [name, proxy] of proxies) {
      const drainMs = Number(proxy.environment.SHUTDOWN_DRAIN_MS);
      assert.ok(drainMs >= seen, `${name}: SHUTDOWN_DRAIN_MS ${drainMs} < ${seen}`);
      const graceMs = seconds(proxy.stop_grace_period) * 1000;
      assert.ok(graceMs > drainMs + AFTER_DRAIN_MS, `${name}: stop_grace_period too short`);
    }
  });

  it('caps connections per customer address, and to each proxy below its MAX_CONNECTIONS', () => {
    // TRUST_PROXY=true turns the proxies' own per-address cap off: HAProxy's takes its place.
    const frontend = section(haproxy, 'frontend checkout');
    assert.match(frontend, /^\s*stick-table type ip size \S+ expire \S+ store conn_cur$/m);
    assert.match(frontend, /^\s*tcp-request connection track-sc0 src$/m);
    assert.match(frontend, /^\s*tcp-request connection reject if \{ sc0_conn_cur gt 256 \}$/m);
    const global = /^\s*maxconn (\d+)$/m.exec(section(haproxy, 'global'));
    assert.ok(global, 'a global maxconn');
    const perProxy = /^\s*default-server .*\bmaxconn (\d+)\b/m.exec(haproxy);
    assert.ok(perProxy, 'maxconn on default-server');
    for (const [name, proxy] of proxies) {
      const maxConnections = Number(proxy.environment.MAX_CONNECTIONS);
      assert.ok(
        Number(perProxy[1]) <= maxConnections / 2,
        `${name}: HAProxy's maxconn ${perProxy[1]} not well below MAX_CONNECTIONS ${maxConnections}`,
      );
    }
  });

  it('confines every service: read-only root, no capability, no new privileges, not root', () => {
    for (const [name, service] of Object.entries(compose.services as Manifest)) {
      assert.equal(service.read_only, true, `${name}: read_only`);
      assert.deepEqual(service.cap_drop, ['ALL'], `${name}: cap_drop`);
      assert.deepEqual(service.security_opt, ['no-new-privileges:true'], `${name}: security_opt`);
      // The proxy's and HAProxy's images name their own user; PostgreSQL's starts as root.
      if (name === 'postgres') assert.equal(service.user, '999:999');
    }
  });

  it('keeps event streams open far past the heartbeat, with no buffering or compression', () => {
    assert.match(haproxy, /^\s*http-request set-timeout server 1h if event_stream$/m);
    assert.doesNotMatch(haproxy, /^\s*(compression|filter|option http-buffer-request)/m);
  });
});

describe('deploy/kubernetes', () => {
  const manifests = readKubernetes([
    'secret.yaml',
    'configmap.yaml',
    'proxy.yaml',
    'postgres.yaml',
    'ingress.yaml',
  ]);
  const deployment = manifestOf(manifests, 'Deployment', 'crypto-pay-proxy');
  const pod = deployment.spec.template.spec;
  const [container] = pod.containers as Manifest[];
  const config = manifestOf(manifests, 'ConfigMap', 'crypto-pay-proxy').data;
  const secret = manifestOf(manifests, 'Secret', 'crypto-pay-proxy').stringData;
  const labels = deployment.spec.template.metadata.labels;

  it('rolls out with a new proxy ready before an old one goes', () => {
    assert.equal(deployment.spec.replicas, 3);
    assert.deepEqual(deployment.spec.strategy, {
      type: 'RollingUpdate',
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
    assert.equal(container!.readinessProbe.httpGet.path, '/readyz');
    assert.equal(container!.livenessProbe.httpGet.path, '/healthz');
  });

  it('drains each proxy before it stops, within its grace period', () => {
    const drainMs = Number(config.SHUTDOWN_DRAIN_MS);
    const probe = container!.readinessProbe;
    // The worst case: `failureThreshold` failing probes after the signal, the last one taking
    // its whole timeout.
    const seen = (probe.periodSeconds * probe.failureThreshold + probe.timeoutSeconds) * 1000;
    assert.ok(drainMs >= seen, `SHUTDOWN_DRAIN_MS ${drainMs} < ${seen}`);
    assert.ok(pod.terminationGracePeriodSeconds * 1000 > drainMs + AFTER_DRAIN_MS);
  });

  it('keeps every secret in the Secret and sets only variables the proxy reads', () => {
    for (const name of ['PROCESSING_API_KEY', 'PROCESSING_SIGNING_SECRET', 'DATABASE_URL']) {
      assert.ok(secret[name], `${name} in the Secret`);
    }
    assert.ok(secret.WEBHOOK_SECRET);
    assert.deepEqual(
      Object.keys(config).filter((name) => /SECRET|KEY$|TOKEN|PASSWORD|DATABASE_URL/.test(name)),
      [],
    );
    const documented = documentedVariables();
    assert.deepEqual(
      [...Object.keys(config), ...Object.keys(secret)].filter((name) => !documented.has(name)),
      [],
    );
    assert.deepEqual(
      container!.envFrom.map((from: Manifest) => Object.keys(from)[0]),
      ['configMapRef', 'secretRef'],
    );
  });

  it("bounds V8's heap below the pod's memory limit, with the image's other Node options", () => {
    const options: string = container!.env.find(
      (variable: Manifest) => variable.name === 'NODE_OPTIONS',
    ).value;
    const oldSpaceMiB = Number(/--max-old-space-size=(\d+)/.exec(options)?.[1]);
    const limitMiB = Number(/^(\d+)Mi$/.exec(container!.resources.limits.memory)?.[1]);
    // Code, the young generation and socket buffers live outside the old generation.
    assert.ok(oldSpaceMiB + 128 <= limitMiB, `old space ${oldSpaceMiB} MiB, limit ${limitMiB} MiB`);
    const withoutOldSpace = (value: string) => value.replace(/\s*--max-old-space-size=\d+/, '');
    assert.equal(withoutOldSpace(options), withoutOldSpace(imageNodeOptions()));
  });

  it('keeps two of three proxies through voluntary disruptions, behind one Service', () => {
    const budget = manifestOf(manifests, 'PodDisruptionBudget', 'crypto-pay-proxy');
    assert.equal(budget.spec.maxUnavailable, 1);
    assert.deepEqual(budget.spec.selector.matchLabels, labels);
    const service = manifestOf(manifests, 'Service', 'crypto-pay-proxy');
    assert.deepEqual(service.spec.selector, labels);
  });

  it('never takes every proxy out for one slow answer of the processing service', () => {
    // /readyz asks the processing service for up to 3 s, and every replica asks the same one.
    const probe = container!.readinessProbe;
    assert.ok(probe.timeoutSeconds >= 5, `readiness timeoutSeconds ${probe.timeoutSeconds}`);
    assert.ok(probe.failureThreshold >= 3, `readiness failureThreshold ${probe.failureThreshold}`);
  });

  it('caps connections per customer address at the Ingress', () => {
    // TRUST_PROXY=true turns the proxies' own per-address cap off.
    assert.equal(config.TRUST_PROXY, 'true');
    const ingress = manifestOf(manifests, 'Ingress', 'crypto-pay-proxy');
    assert.equal(
      ingress.metadata.annotations['nginx.ingress.kubernetes.io/limit-connections'],
      '256',
    );
  });

  it('confines every workload: not root, RuntimeDefault seccomp, read-only root, no capability', () => {
    for (const workload of manifests.filter((m) =>
      ['Deployment', 'StatefulSet'].includes(m.kind),
    )) {
      const spec = workload.spec.template.spec;
      const where = `${workload.kind} ${workload.metadata.name}`;
      assert.equal(spec.securityContext?.runAsNonRoot, true, `${where}: runAsNonRoot`);
      assert.ok(spec.securityContext?.runAsUser > 0, `${where}: runAsUser`);
      assert.deepEqual(spec.securityContext?.seccompProfile, { type: 'RuntimeDefault' }, where);
      for (const { name, securityContext } of spec.containers as Manifest[]) {
        assert.deepEqual(
          securityContext,
          {
            allowPrivilegeEscalation: false,
            readOnlyRootFilesystem: true,
            capabilities: { drop: ['ALL'] },
          },
          `${where} container ${name}`,
        );
      }
    }
  });

  it('passes event streams through the Ingress unbuffered, with long timeouts', () => {
    const ingress = manifestOf(manifests, 'Ingress', 'crypto-pay-proxy');
    const annotations = ingress.metadata.annotations;
    assert.equal(annotations['nginx.ingress.kubernetes.io/proxy-buffering'], 'off');
    assert.ok(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) >= 3600);
  });
});
