import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { staleBuilds } from './builds.ts';

const root = mkdtempSync(join(tmpdir(), 'builds-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** Writes `packages/<path>` under the root, last written at `second` (seconds since 2026). */
function file(path: string, second: number): void {
  const full = join(root, 'packages', path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, '');
  const time = Date.UTC(2026, 0, 1) / 1000 + second;
  utimesSync(full, time, time);
}

describe('staleBuilds', () => {
  it('names each built package whose source was written after its build, and no other', () => {
    // Built after its last edit.
    file('fresh/src/a.ts', 10);
    file('fresh/src/deep/b.ts', 20);
    file('fresh/dist/a.js', 30);
    // One of its files edited after the build, below a folder.
    file('edited/src/a.ts', 10);
    file('edited/dist/a.js', 20);
    file('edited/src/deep/b.ts', 30);
    // Only a test written since: the build is what the tree would build.
    file('tested/src/a.ts', 10);
    file('tested/dist/a.js', 20);
    file('tested/src/a.test.ts', 30);
    file('tested/src/stores.test-helpers.ts', 30);
    // Never built: whatever needs it says so.
    file('unbuilt/src/a.ts', 10);
    assert.deepEqual(staleBuilds(root, ['fresh', 'edited', 'tested', 'unbuilt']), ['edited']);
  });
});
