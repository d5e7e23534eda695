/**
 * The proxy's V8 setting takes hold: with `v8-flags.ts` imported first, as `main.ts` does, V8
 * never moves an allocation site's objects to the old generation, however many of them live on.
 * A child process (a young generation of 1 MiB) makes three million objects at one site and
 * keeps them all: V8 pretenures the site after a few young collections (10 here), while kept
 * young they go through one every MiB (230 to 280). And `main.ts` imports the setting before
 * anything else.
 */

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SOURCE_FLAGS } from '@crypto-pay/test-kit/source';

const SETTING = new URL('./v8-flags.ts', import.meta.url).href;

/** Young collections while one site's three million objects are made and kept. */
function youngCollections(withSetting: boolean): number {
  const program = `
    ${withSetting ? `import ${JSON.stringify(SETTING)};` : ''}
    import { PerformanceObserver, constants } from 'node:perf_hooks';
    // V8's collections do not keep a process alive; this does, until they have been told.
    const waiting = setInterval(() => {}, 60_000);
    // Called after the loop below (it leaves no turn to call it before), with its collections.
    const observer = new PerformanceObserver((list) => {
      const young = list
        .getEntries()
        .filter((entry) => entry.detail.kind === constants.NODE_PERFORMANCE_GC_MINOR).length;
      console.log(JSON.stringify({ young, kept: kept.length }));
      observer.disconnect();
      clearInterval(waiting);
    });
    observer.observe({ entryTypes: ['gc'] });
    const kept = [];
    const make = (i) => ({ a: i, b: i + 1, c: null });
    for (let i = 0; i < 3_000_000; i++) kept.push(make(i));
  `;
  const output = execFileSync(
    process.execPath,
    [...SOURCE_FLAGS, '--max-semi-space-size=1', '--input-type=module', '--eval', program],
    { encoding: 'utf8', timeout: 60_000 },
  );
  const { young, kept } = JSON.parse(output) as { young: number; kept: number };
  assert.equal(kept, 3_000_000);
  return young;
}

describe('V8 settings of the proxy process', () => {
  it('keeps objects young however many of one site live on (no pretenuring)', () => {
    const pretenured = youngCollections(false);
    // Else V8 no longer pretenures such a site by default, and the comparison proves nothing.
    assert.ok(pretenured < 50, `${pretenured} young collections without the setting`);
    const kept = youngCollections(true);
    assert.ok(
      kept > pretenured * 5,
      `with the setting ${kept} young collections, without ${pretenured}: V8 still pretenures`,
    );
  });

  it('is imported by main.ts before any other module', () => {
    const main = readFileSync(new URL('./main.ts', import.meta.url), 'utf8');
    const firstImport = /^import\s[^;]*;/m.exec(main)?.[0];
    assert.equal(firstImport, "import './v8-flags.ts';");
  });
});
