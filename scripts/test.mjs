#!/usr/bin/env node
// `pnpm test`: every check of every package and of tests/, in order, on a fresh machine.
// Runs them all even when one fails, prints a summary, and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { ensureBrowsers } from '@crypto-pay/test-kit/browsers';
import { requireNode24 } from './node-version.mjs';

requireNode24('pnpm test');

const steps = [
  ['lint', 'pnpm', ['lint']],
  ['typecheck', 'pnpm', ['typecheck']],
  ['protocol', 'pnpm', ['--filter', '@crypto-pay/protocol', 'test']],
  ['client', 'pnpm', ['--filter', '@crypto-pay/client', 'test']],
  ['sandbox', 'pnpm', ['--filter', '@crypto-pay/sandbox', 'test']],
  ['proxy', 'pnpm', ['--filter', '@crypto-pay/proxy', 'test']],
  ['widget', 'pnpm', ['--filter', '@crypto-pay/widget', 'test']],
  ['dashboard', 'pnpm', ['--filter', '@crypto-pay/dashboard', 'test']],
  ['cli', 'pnpm', ['--filter', '@crypto-pay/cli', 'test']],
  // End-to-end journeys run the built packages, as a deployment would.
  ['build', 'pnpm', ['build']],
  // The test kit's own checks (its throwaway PostgreSQL, its load balancer), then the journeys.
  ['test-kit', 'pnpm', ['--filter', '@crypto-pay/test-kit', 'test']],
  ['cross-package', 'pnpm', ['--filter', '@crypto-pay/tests', 'test']],
  // The main journeys again in Firefox ESR and WebKitGTK (Chromium ran them all above).
  ['engines', 'pnpm', ['--filter', '@crypto-pay/tests', 'run', 'test:engines']],
  // The packed packages installed outside the repository in typed React, Vue and Node apps.
  ['packed', 'pnpm', ['--filter', '@crypto-pay/tests', 'run', 'test:packed']],
  // The proxy's image, built and run with podman (installed when missing) against the sandbox.
  ['container', 'pnpm', ['--filter', '@crypto-pay/tests', 'run', 'test:container']],
];

// Every engine's browser, installed from Debian when missing, in one apt-get run.
const env = { ...process.env, ...ensureBrowsers() };
const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\nSummary');
for (const { name, ok, seconds } of results) {
  console.log(`  ${ok ? 'pass' : 'FAIL'}  ${name.padEnd(14)} ${seconds} s`);
}
const failed = results.filter((result) => !result.ok);
console.log(failed.length ? `\n${failed.length} step(s) failed.` : '\nAll steps passed.');
process.exit(failed.length ? 1 : 0);
