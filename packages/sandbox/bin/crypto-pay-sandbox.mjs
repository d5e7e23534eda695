#!/usr/bin/env node
// Runs the built CLI, or the TypeScript source through tsx when there is no build or, in the
// workspace, a source file is newer than it (someone edited and did not rebuild: tests and
// `pnpm start` then run what was just written, not a stale dist). In the workspace
// @crypto-pay/protocol exports its TypeScript source, so tsx is registered whenever it
// resolves to a .ts file, even for the built CLI.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/cli.js', import.meta.url);
const source = new URL('../src/', import.meta.url);

/** The latest change under a folder of the package (none when it is not shipped). */
function lastChange(folder) {
  const dir = fileURLToPath(folder);
  if (!existsSync(dir)) return 0;
  const files = readdirSync(dir, { recursive: true });
  return Math.max(0, ...files.map((file) => statSync(join(dir, file)).mtimeMs));
}

const runBuilt = existsSync(built) && lastChange(source) <= statSync(built).mtimeMs;
const protocolIsSource = (() => {
  try {
    return import.meta.resolve('@crypto-pay/protocol').endsWith('.ts');
  } catch {
    return false;
  }
})();
if (!runBuilt || protocolIsSource) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(runBuilt ? built.href : new URL('cli.ts', source).href);
