/**
 * deploy/'s monitoring files, checked as Prometheus and Grafana would read them: promtool
 * accepts the configuration and the rules and passes the rules' unit tests, each alert has a test
 * that fires it and one that keeps it silent, its severity, annotations and runbook paragraph;
 * the dashboard parses and every expression (alerts' and panels') names only documented metrics,
 * the cluster's figures taken with max(); the Compose file and Kubernetes manifests scrape each
 * proxy's METRICS_PORT.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promtool } from '@crypto-pay/test-kit/prometheus';
import { parse } from 'yaml';
import {
  DEPLOY,
  type Manifest,
  manifestOf,
  readCompose,
  readKubernetes,
} from '../container/deploy-files.ts';
import {
  clusterFigureNames,
  deployDocumentedNames,
  knownNames,
  metricNames,
  proxyDocumentedNames,
} from './monitoring-names.ts';

const PROMETHEUS_DIR = join(DEPLOY, 'prometheus');
const read = (path: string) => readFileSync(path, 'utf8');
const rules = (parse(read(join(PROMETHEUS_DIR, 'alerts.yml'))).groups as Manifest[]).flatMap(
  (group) => group.rules as Manifest[],
);
const alertTests = parse(read(join(PROMETHEUS_DIR, 'alerts.test.yml'))).tests as Manifest[];
const dashboard = JSON.parse(read(join(DEPLOY, 'grafana/crypto-pay.json'))) as Manifest;
const panels = (dashboard.panels as Manifest[]).filter((panel) => panel.type !== 'row');
const deployReadme = read(join(DEPLOY, 'README.md'));

/** The job every rule selects: prometheus.yml's and the PodMonitor's. */
const JOB = 'crypto-pay-proxy';
/** Read from the database: the same on every proxy, so never summed (the README's table). */
const CLUSTER_FIGURES = [...clusterFigureNames()];

/** GitHub's anchor of a heading: lower case, spaces to dashes, punctuation dropped. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\w\- ]/g, '')
    .replace(/ /g, '-');
const anchors = new Set(
  [...deployReadme.matchAll(/^#+ (.+)$/gm)].map(([, heading]) => anchor(heading!)),
);

/** Where `expr` reads a cluster figure inside a sum (sum(…) or sum by (…) (…)). */
function summedClusterFigures(expr: string): string[] {
  return CLUSTER_FIGURES.filter((name) =>
    new RegExp(`sum\\s*(by\\s*\\([^)]*\\)\\s*)?\\(\\s*${name}\\b`).test(expr),
  );
}

describe('deploy/prometheus', () => {
  it('promtool accepts the configuration and the rules', async () => {
    const config = await promtool(['check', 'config', 'prometheus.yml'], { cwd: PROMETHEUS_DIR });
    assert.equal(config.status, 0, config.output);
    const checked = await promtool(['check', 'rules', 'alerts.yml'], { cwd: PROMETHEUS_DIR });
    assert.equal(checked.status, 0, checked.output);
    assert.match(checked.output, new RegExp(`SUCCESS: ${rules.length} rules found`));
  });

  it("passes the rules' unit tests, with one that fires and one that stays silent per alert", async () => {
    const tested = await promtool(['test', 'rules', 'alerts.test.yml'], { cwd: PROMETHEUS_DIR });
    assert.equal(tested.status, 0, tested.output);
    const checks = alertTests.flatMap((test) => test.alert_rule_test as Manifest[]);
    for (const { alert } of rules) {
      const own = checks.filter((check) => check.alertname === alert);
      assert.ok(
        own.some((check) => check.exp_alerts.length > 0),
        `${alert}: no test that fires it`,
      );
      assert.ok(
        own.some((check) => check.exp_alerts.length === 0),
        `${alert}: no test that keeps it silent`,
      );
    }
  });

  it('covers what the issue asks for, each alert with a for:, a severity and its runbook', () => {
    const names = rules.map((rule) => rule.alert as string);
    for (const metric of [
      'up',
      'crypto_pay_webhook_oldest_pending_seconds',
      'crypto_pay_checkouts_stale',
      'crypto_pay_last_callback_timestamp_seconds',
      'crypto_pay_upstream_requests_total',
      'crypto_pay_http_requests_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      assert.ok(
        rules.some((rule) => metricNames(rule.expr).includes(metric)),
        `no alert on ${metric}`,
      );
    }
    assert.ok(rules.some((rule) => /absent\(up\{job="crypto-pay-proxy"\}\)/.test(rule.expr)));
    for (const rule of rules) {
      assert.match(rule.for ?? '', /^\d+[smh]$/, `${rule.alert}: for:`);
      assert.ok(['critical', 'warning'].includes(rule.labels?.severity), `${rule.alert} severity`);
      assert.ok(rule.annotations?.summary && rule.annotations?.description, rule.alert);
      const url = rule.annotations.runbook_url as string;
      const [, target] = /\/deploy\/README\.md#([\w-]+)$/.exec(url) ?? [];
      assert.equal(target, anchor(rule.alert), `${rule.alert}: runbook_url ${url}`);
      assert.ok(anchors.has(target!), `${rule.alert}: no paragraph #${target} in deploy/README.md`);
      assert.match(rule.expr, new RegExp(`job="${JOB}"`), `${rule.alert}: selects the job`);
    }
    assert.equal(new Set(names).size, names.length);
  });

  it('names only documented metrics, and never sums a cluster figure', () => {
    const known = knownNames();
    for (const rule of rules) {
      const unknown = metricNames(rule.expr).filter((name) => !known.has(name));
      assert.deepEqual(unknown, [], `${rule.alert}: ${rule.expr}`);
      assert.deepEqual(summedClusterFigures(rule.expr), [], `${rule.alert}: ${rule.expr}`);
    }
  });
});

describe('deploy/grafana', () => {
  it('is a dashboard whose data source is a variable', () => {
    const variables = dashboard.templating.list as Manifest[];
    const source = variables.find((variable) => variable.type === 'datasource');
    assert.equal(source?.query, 'prometheus');
    assert.ok(panels.length >= 15);
    for (const panel of panels) {
      assert.equal(panel.datasource?.uid, `\${${source!.name}}`, panel.title);
      assert.ok(panel.targets?.length > 0, `${panel.title}: no query`);
      for (const target of panel.targets as Manifest[]) {
        assert.equal(target.datasource?.uid, `\${${source!.name}}`, panel.title);
      }
    }
  });

  it('queries only documented metrics, each family on some panel, cluster figures by max()', () => {
    const known = knownNames();
    const used = new Set<string>();
    for (const panel of panels) {
      for (const { expr } of panel.targets as Manifest[]) {
        const names = metricNames(expr);
        for (const name of names) used.add(name);
        assert.deepEqual(
          names.filter((name) => !known.has(name)),
          [],
          `${panel.title}: ${expr}`,
        );
        assert.deepEqual(summedClusterFigures(expr), [], `${panel.title}: ${expr}`);
      }
    }
    const missing = [...deployDocumentedNames()].filter((name) => !used.has(name));
    assert.deepEqual(missing, [], 'families on no panel');
    for (const name of ['up', 'nodejs_eventloop_lag_p99_seconds']) assert.ok(used.has(name));
  });
});

describe('the metric names', () => {
  it("deploy/README's Operations name every family (issue 30's sixteen, issue 32's status copy's two)", () => {
    assert.equal(deployDocumentedNames().size, 18, [...deployDocumentedNames()].join(', '));
  });

  it("the proxy README's table marks the cluster's figures, the last callback's time among them", () => {
    assert.deepEqual([...clusterFigureNames()].sort(), [
      'crypto_pay_checkouts_stale',
      'crypto_pay_last_callback_timestamp_seconds',
      'crypto_pay_webhook_oldest_pending_seconds',
      'crypto_pay_webhook_pending',
    ]);
  });

  // The proxy documents its metrics; the deploy files are held to the same list.
  it("are the proxy README's (its Metrics section), no more and no fewer", () => {
    assert.deepEqual([...deployDocumentedNames()].sort(), [...proxyDocumentedNames()].sort());
  });
});

describe('scraping each proxy', () => {
  it("Compose: Prometheus scrapes every proxy's METRICS_PORT and loads the alerts", () => {
    const compose = readCompose();
    const proxies = Object.entries(compose.services as Manifest).filter(([name]) =>
      name.startsWith('proxy-'),
    );
    const config = parse(read(join(PROMETHEUS_DIR, 'prometheus.yml')));
    assert.deepEqual(config.rule_files, ['alerts.yml']);
    const job = (config.scrape_configs as Manifest[]).find((scrape) => scrape.job_name === JOB);
    assert.deepEqual(
      job?.static_configs.flatMap((targets: Manifest) => targets.targets).sort(),
      proxies.map(([name, proxy]) => `${name}:${proxy.environment.METRICS_PORT}`).sort(),
    );
    for (const [name, proxy] of proxies) {
      assert.equal(proxy.environment.METRICS_PORT, '9464', name);
    }
    const prometheus = compose.services.prometheus;
    assert.match(prometheus.image, /^prom\/prometheus:v\d+\.\d+\.\d+$/, 'a pinned tag');
    assert.deepEqual(prometheus.volumes.slice(0, 2), [
      '../prometheus/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
      '../prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro',
    ]);
    assert.ok(
      prometheus.command.includes('--config.file=/etc/prometheus/prometheus.yml'),
      prometheus.command.join(' '),
    );
  });

  it('Kubernetes: the metrics port, a PodMonitor of the job and the prometheus.io annotations agree', () => {
    const manifests = readKubernetes(['configmap.yaml', 'proxy.yaml', 'podmonitor.yaml']);
    const config = manifestOf(manifests, 'ConfigMap', 'crypto-pay-proxy').data;
    const template = manifestOf(manifests, 'Deployment', 'crypto-pay-proxy').spec.template;
    const [container] = template.spec.containers as Manifest[];
    assert.equal(config.METRICS_PORT, '9464');
    const port = (container!.ports as Manifest[]).find((p) => p.name === 'metrics');
    assert.equal(String(port?.containerPort), config.METRICS_PORT);
    // For a Prometheus that finds pods by annotation: the same port and path.
    assert.deepEqual(template.metadata.annotations, {
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': config.METRICS_PORT,
      'prometheus.io/path': '/metrics',
    });
    const monitor = manifestOf(manifests, 'PodMonitor', 'crypto-pay-proxy');
    assert.equal(monitor.apiVersion, 'monitoring.coreos.com/v1');
    assert.deepEqual(monitor.spec.selector.matchLabels, template.metadata.labels);
    assert.deepEqual(monitor.spec.podMetricsEndpoints, [
      { port: 'metrics', path: '/metrics', interval: '15s' },
    ]);
    // The job is the value of the pods' label jobLabel names: the one the alerts select.
    assert.equal(template.metadata.labels[monitor.spec.jobLabel], JOB);
  });
});
