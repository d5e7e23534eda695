#!/usr/bin/env node
// The command line as published: the built `dist/`, nothing compiled on the fly. In development,
// `pnpm --filter @crypto-pay/cli dev -- <command>` runs the TypeScript source.
// An older Node is told so in one sentence, before the code that needs 24 fails in its own words.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(
    `crypto-pay needs Node.js 24 or later; this is Node.js ${process.versions.node} (${process.execPath}).\n`,
  );
  process.exit(1);
}
await import('../dist/main.js');
