/**
 * The benchmarks' durable-commit probe: each commit is a row another connection reads at once,
 * in a write-ahead log as the proxy's store keeps its file, and closing it lets the file go.
 */

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openCommitProbe, readStore } from './store-file.ts';

test('each commit of the probe is a row in a write-ahead-logged file beside the store', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-commit-probe-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const probe = openCommitProbe(dir);
  for (let i = 0; i < 3; i++) probe.commit();
  const file = join(dir, 'commit-probe.sqlite');
  const read = () =>
    readStore(file, (db) => ({
      mode: db.pragma('journal_mode', { simple: true }),
      rows: (db.prepare('SELECT count(*) AS n FROM probe').get() as { n: number }).n,
    }));
  assert.deepEqual(read(), { mode: 'wal', rows: 3 });
  probe.commit();
  probe.close();
  assert.equal(read().rows, 4);
});
