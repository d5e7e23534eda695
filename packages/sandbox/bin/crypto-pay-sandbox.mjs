#!/usr/bin/env node
// Runs the built CLI when there is one, else the TypeScript source through tsx. In the
// workspace @crypto-pay/protocol exports its TypeScript source, so tsx is registered
// whenever it resolves to a .ts file, even for the built CLI.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli.js', import.meta.url);
const protocolIsSource = (() => {
  try {
    return import.meta.resolve('@crypto-pay/protocol').endsWith('.ts');
  } catch {
    return false;
  }
})();
if (!existsSync(built) || protocolIsSource) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(existsSync(built) ? built.href : new URL('../src/cli.ts', import.meta.url).href);
