/**
 * The heap the proxy's image gives Node: a bounded old generation, so that V8 collects what
 * closed event streams left (packages/proxy/README.md, "Memory"), and a 16 MiB young one.
 * Checked on Node itself, started with the image's NODE_OPTIONS; `pnpm bench push-fanout`
 * measures the RSS round after round with the same options.
 */

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { imageNodeOptions } from './image-node-options.ts';

const MiB = 2 ** 20;

/** V8's heap figures in a Node started with `nodeOptions`. */
function heapOf(nodeOptions: string) {
  const script = `const v8 = require('node:v8');
console.log(JSON.stringify({ limit: v8.getHeapStatistics().heap_size_limit }));`;
  const out = execFileSync(process.execPath, ['-e', script], {
    env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: nodeOptions },
    encoding: 'utf8',
  });
  return JSON.parse(out) as { limit: number };
}

describe("the proxy image's NODE_OPTIONS", () => {
  it('bound the old generation near 1 GiB, not to a share of the machine’s memory', () => {
    const options = imageNodeOptions();
    assert.match(options, /--max-old-space-size=1024\b/);
    assert.match(options, /--max-semi-space-size=16\b/);
    const { limit } = heapOf(options);
    // The limit is the old generation plus the young one (three semi-spaces) and a little more.
    assert.ok(limit >= 1024 * MiB && limit <= 1200 * MiB, `heap limit ${limit / MiB} MiB`);
  });
});
