/**
 * The test kit's Prometheus is the real one and behaves as the monitoring tests rely on: it
 * scrapes itself and a target of the test's, evaluates the given rules at its short interval,
 * moves an alert through pending and firing and drops it once resolved, answers queries, and
 * leaves nothing behind.
 */

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { eventually } from './eventually.ts';
import {
  type Prometheus,
  parseMetrics,
  promtool,
  promtoolCheckMetrics,
  startPrometheus,
} from './prometheus.ts';

/** What the test's target exposes, in Prometheus's text format; the test changes it. */
let queueLength = 0;
let target: Server;
let prometheus: Prometheus;

const RULES = `
groups:
  - name: kit
    rules:
      - alert: QueueLong
        expr: max(kit_queue_length{job="kit"}) > 5
        labels: { severity: warning }
      - alert: QueueLongForAnHour
        expr: max(kit_queue_length{job="kit"}) > 5
        for: 1h
      - alert: SelfNotScraped
        expr: up{job="prometheus"} == 0
`;

before(async () => {
  target = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
    response.end(
      `# HELP kit_queue_length Items waiting.\n# TYPE kit_queue_length gauge\nkit_queue_length ${queueLength}\n`,
    );
  });
  target.listen(0, '127.0.0.1');
  await new Promise((resolve) => target.once('listening', resolve));
  const { port } = target.address() as AddressInfo;
  prometheus = await startPrometheus({
    jobs: [{ name: 'kit', targets: [`127.0.0.1:${port}`] }],
    rules: RULES,
  });
});
after(async () => {
  await prometheus?.stop();
  target?.close();
});

test('scrapes itself and the test target', async () => {
  const up = await eventually(async () => {
    const samples = await prometheus.query('up');
    return samples.length === 2 && samples.every((sample) => sample.value === 1) && samples;
  }, 'both targets up');
  assert.deepEqual(up.map((sample) => sample.labels.job).sort(), ['kit', 'prometheus']);
  const [queue] = await prometheus.query('kit_queue_length');
  assert.equal(queue?.value, 0);
  assert.equal(queue?.name, 'kit_queue_length');
});

test('moves an alert to firing as the target changes, keeps a long `for:` pending, clears it', async () => {
  assert.deepEqual(await prometheus.alerts(), []);
  queueLength = 9;
  const firing = await prometheus.untilAlert('QueueLong', 'firing');
  assert.equal(firing?.labels.severity, 'warning');
  assert.equal(Number(firing?.value), 9);
  await prometheus.untilAlert('QueueLongForAnHour', 'pending');
  queueLength = 1;
  await prometheus.untilAlert('QueueLong', 'inactive');
  await prometheus.untilAlert('QueueLongForAnHour', 'inactive');
  assert.deepEqual(
    (await prometheus.alerts()).filter((alert) => alert.labels.alertname === 'SelfNotScraped'),
    [],
  );
});

test('promtool tells a valid rule file from a broken one', async () => {
  const good = await promtool(['check', 'rules', 'rules.yml'], { cwd: prometheus.directory });
  assert.equal(good.status, 0, good.output);
  assert.match(good.output, /SUCCESS: 3 rules found/);
  const broken = await promtool(['check', 'rules', 'prometheus.yml'], {
    cwd: prometheus.directory,
  });
  assert.notEqual(broken.status, 0);
});

test('promtool lints a scrape read from its stdin, and parseMetrics reads it as a query would', async () => {
  const text =
    '# HELP kit_jobs_total Jobs.\n# TYPE kit_jobs_total counter\nkit_jobs_total{queue="a\\"b"} 3\n';
  assert.equal((await promtoolCheckMetrics(text)).status, 0);
  const badlyNamed = '# HELP kit_jobs Jobs.\n# TYPE kit_jobs counter\nkit_jobs 3\n';
  assert.match(
    (await promtoolCheckMetrics(badlyNamed)).output,
    /counter metrics should have "_total" suffix/,
  );
  assert.deepEqual(parseMetrics(text), [
    { name: 'kit_jobs_total', labels: { queue: 'a"b' }, value: 3 },
  ]);
});

test('stop() ends it and removes its directory', async () => {
  const { directory, url } = prometheus;
  await prometheus.stop();
  assert.equal(existsSync(directory), false);
  await assert.rejects(fetch(`${url}/-/ready`));
});
