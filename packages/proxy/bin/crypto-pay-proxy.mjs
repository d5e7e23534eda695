#!/usr/bin/env node
// The proxy as published and as the container runs it: the built `dist/`, nothing compiled on
// the fly. In development, `pnpm --filter @crypto-pay/proxy dev` runs the TypeScript source.
// An older Node would crash in the SQLite driver, not say why: it is told here in one line.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    `crypto-pay-proxy: cannot start: it needs Node 24 or newer, not ${process.version}.`,
  );
  process.exit(1);
}
await import('../dist/process/main.js');
