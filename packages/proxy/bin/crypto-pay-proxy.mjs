#!/usr/bin/env node
// Runs the built proxy, or the TypeScript source through tsx when there is no build or, in the
// workspace, a source file is newer than it (someone edited and did not rebuild: tests and
// `pnpm start` then run what was just written, not a stale dist). In the workspace the sibling
// packages export their TypeScript source, so tsx is registered whenever one of them resolves
// to a .ts file, even for the built proxy.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/process/main.js', import.meta.url);
const source = new URL('../src/', import.meta.url);

/** The latest change under a folder of the package (none when it is not shipped). */
function lastChange(folder) {
  const dir = fileURLToPath(folder);
  if (!existsSync(dir)) return 0;
  const files = readdirSync(dir, { recursive: true });
  return Math.max(0, ...files.map((file) => statSync(join(dir, file)).mtimeMs));
}

const runBuilt = existsSync(built) && lastChange(source) <= statSync(built).mtimeMs;
const sourceDependency = ['@crypto-pay/client', '@crypto-pay/protocol'].some((name) => {
  try {
    return import.meta.resolve(name).endsWith('.ts');
  } catch {
    return false;
  }
});
if (!runBuilt || sourceDependency) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(runBuilt ? built.href : new URL('process/main.ts', source).href);
