#!/usr/bin/env node
// Runs the `*.test.ts` files under the given folders with Node's test runner, on the workspace's
// TypeScript source (SOURCE_FLAGS).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCE_FLAGS } from './source.mjs';

const roots = process.argv.slice(2);
const files = roots.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
    .map((file) => join(root, file)),
);
if (files.length === 0) {
  console.error(`No *.test.ts files under ${roots.join(', ')}.`);
  process.exit(1);
}
const { status } = spawnSync(
  process.execPath,
  [...SOURCE_FLAGS, '--test', '--test-concurrency=1', ...files.sort()],
  { stdio: 'inherit' },
);
process.exit(status ?? 1);
