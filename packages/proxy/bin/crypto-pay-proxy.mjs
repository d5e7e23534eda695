#!/usr/bin/env node
// Runs the built proxy when there is one, else the TypeScript source through tsx. In the
// workspace the sibling packages export their TypeScript source, so tsx is registered
// whenever one of them resolves to a .ts file, even for the built proxy.
import { existsSync } from 'node:fs';

const built = new URL('../dist/main.js', import.meta.url);
const sourceDependency = ['@crypto-pay/client', '@crypto-pay/protocol'].some((name) => {
  try {
    return import.meta.resolve(name).endsWith('.ts');
  } catch {
    return false;
  }
});
if (!existsSync(built) || sourceDependency) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(existsSync(built) ? built.href : new URL('../src/main.ts', import.meta.url).href);
