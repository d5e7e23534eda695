/**
 * The workspace's boundaries, as its manifests and imports must keep them: no file reaches into
 * another package by a relative path, every workspace package a file imports is declared in its
 * package's manifest, and the declared graph has no cycle (pnpm would warn and order builds
 * arbitrarily).
 */

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './process.ts';

/** Folders whose files are source, not output or installed code. */
const SKIPPED = new Set(['node_modules', 'dist', 'artifacts', 'data', '.git']);
const SOURCE = /\.(ts|mts|mjs|js|tsx|vue)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The folder of the nearest package.json above `file`: the package it belongs to. */
function packageOf(file: string): string {
  let folder = dirname(file);
  while (folder !== ROOT && !existsSync(join(folder, 'package.json'))) folder = dirname(folder);
  return folder;
}

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const manifestOf = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));

const declared = (manifest: Manifest) =>
  new Set(
    [
      manifest.dependencies,
      manifest.devDependencies,
      manifest.optionalDependencies,
      manifest.peerDependencies,
    ].flatMap((deps) => Object.keys(deps ?? {})),
  );

/** The workspace's packages, as pnpm-workspace.yaml lists them, and the root. */
function workspaceFolders(): string[] {
  const globs = [
    ...readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8').matchAll(/^ {2}- (\S+)$/gm),
  ].map((match) => match[1]!);
  const folders = globs.flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(join(ROOT, glob.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => join(ROOT, glob.slice(0, -2), entry.name))
      : [join(ROOT, glob)],
  );
  return [ROOT, ...folders.filter((folder) => existsSync(join(folder, 'package.json')))];
}

const FILES = ['packages', 'tests', 'demo', 'scripts'].flatMap((top) =>
  sourceFiles(join(ROOT, top)),
);
/** Module specifiers and `new URL(…, import.meta.url)` paths written in a file. */
const SPECIFIERS =
  /(?:from|import)\s*\(?\s*'([^']+)'|new URL\(\s*'([^']+)',\s*import\.meta\.url\)/g;

describe('the workspace', () => {
  it('has no file that reaches into another package by a relative path', () => {
    const crossings = FILES.flatMap((file) => {
      const home = packageOf(file);
      return [...readFileSync(file, 'utf8').matchAll(SPECIFIERS)]
        .map((match) => match[1] ?? match[2]!)
        .filter((specifier) => specifier.startsWith('../'))
        .filter((specifier) => {
          const target = resolve(dirname(file), specifier);
          return target !== home && !target.startsWith(`${home}${sep}`);
        })
        .map((specifier) => `${relative(ROOT, file)}: ${specifier}`);
    });
    assert.deepEqual(crossings, []);
  });

  it('declares in each package every workspace package its files import', () => {
    const names = new Set(workspaceFolders().map((folder) => manifestOf(folder).name));
    const undeclared = FILES.flatMap((file) => {
      const home = packageOf(file);
      const manifest = manifestOf(home);
      const deps = declared(manifest);
      return [...readFileSync(file, 'utf8').matchAll(SPECIFIERS)]
        .map((match) => (match[1] ?? '').match(/^@crypto-pay\/[^/]+/)?.[0])
        .filter((name): name is string => name !== undefined && names.has(name))
        .filter((name) => name !== manifest.name && !deps.has(name))
        .map((name) => `${relative(ROOT, file)}: ${name}`);
    });
    assert.deepEqual([...new Set(undeclared)], []);
  });

  it('has no cycle among the packages its manifests declare', () => {
    const manifests = workspaceFolders().map(manifestOf);
    const names = new Set(manifests.map((manifest) => manifest.name));
    const edges = new Map(
      manifests.map((manifest) => [
        manifest.name,
        [...declared(manifest)].filter((name) => names.has(name)),
      ]),
    );
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (name: string, path: string[]) => {
      if (path.includes(name)) {
        cycles.push([...path.slice(path.indexOf(name)), name].join(' → '));
        return;
      }
      if (done.has(name)) return;
      for (const next of edges.get(name) ?? []) visit(next, [...path, name]);
      done.add(name);
    };
    for (const name of names) visit(name, []);
    assert.deepEqual(cycles, []);
  });
});
