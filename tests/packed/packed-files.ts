/**
 * What a packed package holds, read as its users' tools read it: the files it ships, the
 * elements its JavaScript registers, the `sideEffects` entries and the modules its public
 * declarations import.
 */

import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Every file under `folder`, relative to it, `/`-separated. */
export const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) =>
    file.replaceAll('\\', '/'),
  );

/** The tags a piece of built JavaScript registers. */
export const definedTags = (code: string) =>
  [...code.matchAll(/customElements\.define\(\s*["']([a-z0-9-]+)["']/g)].map((match) => match[1]!);

/** The widget as installed in an app, and the elements its bundler build registers. */
export function widgetOf(app: string) {
  const folder = join(app, 'node_modules/@crypto-pay/widget');
  const files = filesUnder(folder);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const tags = files
    .filter((file) => file.endsWith('.js') && !file.includes('.bundled'))
    .flatMap((file) => definedTags(readFileSync(join(folder, file), 'utf8')));
  return { folder, files, manifest, tags };
}

/** Whether `path` (`./dist/...`) matches a `sideEffects` entry (`*` within one path segment). */
export const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`).test(
    path,
  );

/** The folder of package `name` (`@scope/name` too) that `from`'s own imports resolve to. */
export const dependencyFolder = (from: string, name: string) =>
  join(realpathSync(from), '../..', name);

/** Whether a package brings its own types, as TypeScript looks for them. */
export function bringsTypes(folder: string): boolean {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  return Boolean(
    manifest.types ||
      manifest.typings ||
      /"types"|\.d\.[cm]?ts"/.test(JSON.stringify(manifest.exports ?? {})) ||
      existsSync(join(folder, 'index.d.ts')),
  );
}

/** The `types` files a manifest points at, at its top level and in `exports`. */
export function typeEntries(manifest: { types?: string; exports?: unknown }): string[] {
  const found = manifest.types ? [manifest.types] : [];
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'types' && typeof value === 'string') found.push(value);
      else walk(value);
    }
  };
  walk(manifest.exports);
  return found.map((entry) => entry.replace(/^\.\//, ''));
}

const SPECIFIERS = /(?:from|import\(|reference types=)\s*["']([^"']+)["']/g;

/**
 * The bare specifiers (`lit`, `node:http`) that the declarations a package's users can reach
 * import: from its entry points' `types`, following relative imports.
 */
export function importedByPublicTypes(folder: string, entries: string[]): Set<string> {
  const seen = new Set<string>();
  const bare = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(join(folder, file), 'utf8').matchAll(SPECIFIERS)) {
      if (!specifier!.startsWith('.')) {
        bare.add(specifier!);
        continue;
      }
      const target = join(dirname(file), specifier!).replace(/\.(ts|js)$/, '');
      queue.push(
        existsSync(join(folder, `${target}.d.ts`)) ? `${target}.d.ts` : `${target}/index.d.ts`,
      );
    }
  }
  return bare;
}
