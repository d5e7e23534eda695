#!/usr/bin/env node
// Runs the `*.test.ts` files under the given folders (or the given files) with Node's test
// runner, on the workspace's TypeScript source (SOURCE_FLAGS).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SOURCE_FLAGS } from '@crypto-pay/test-kit/source';

/**
 * Longest a test (or hook) may run unless it sets its own: a hang, such as a browser call that
 * has no timeout of its own, then fails with the test's name instead of holding the run.
 * Far above the longest test's time (a few minutes under RELIABILITY_LONG).
 */
const TEST_TIMEOUT_MS = 15 * 60_000;

const roots = process.argv.slice(2);
// A root is a folder (its test files, recursively) or one test file.
const files = roots.flatMap((root) =>
  root.endsWith('.test.ts')
    ? [root]
    : readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules'))
        .map((file) => join(root, file)),
);
if (files.length === 0) {
  console.error(`No *.test.ts files under ${roots.join(', ')}.`);
  process.exit(1);
}
const { status } = spawnSync(
  process.execPath,
  [
    ...SOURCE_FLAGS,
    '--test',
    `--test-timeout=${TEST_TIMEOUT_MS}`,
    '--test-concurrency=1',
    ...files.sort(),
  ],
  { stdio: 'inherit' },
);
process.exit(status ?? 1);
