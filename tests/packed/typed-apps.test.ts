/**
 * The packages from npm in merchants' typed apps: packed, installed outside the repository into a
 * React 19 + TypeScript app, a Vue 3 + TypeScript app and a Node server, type-checked and built
 * there; the typings of `<crypto-pay>` must accept every documented use and reject misuses.
 */

import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT } from '../support/process.ts';
import {
  errorsByFile,
  installApp,
  type PackageName,
  packAll,
  run,
  succeeded,
  workFolder,
} from './packing.ts';

const work = workFolder();
let tarballs: Record<PackageName, string>;
const apps: Record<string, string> = {};

before(async () => {
  tarballs = await packAll(work);
  // The installs wait mostly on the store and the disk: side by side.
  await Promise.all(
    ['react', 'vue', 'node'].map(async (name) => {
      apps[name] = await installApp(work, name);
    }),
  );
});

after(() => {
  if (!process.env.KEEP_PACKED_APPS) rmSync(work, { recursive: true, force: true });
});

/** Every file under `folder`, relative to it, `/`-separated. */
const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) =>
    file.replaceAll('\\', '/'),
  );

/** The tags a piece of built JavaScript registers. */
const definedTags = (code: string) =>
  [...code.matchAll(/customElements\.define\(\s*["']([a-z0-9-]+)["']/g)].map((match) => match[1]);

/** The widget as installed in an app, and the elements its bundler build registers. */
function widgetOf(app: string) {
  const folder = join(app, 'node_modules/@crypto-pay/widget');
  const files = filesUnder(folder);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  const tags = files
    .filter((file) => file.endsWith('.js') && !file.includes('.bundled'))
    .flatMap((file) => definedTags(readFileSync(join(folder, file), 'utf8')));
  return { folder, files, manifest, tags };
}

/** Whether `path` (`./dist/...`) matches a `sideEffects` entry (`*` within one path segment). */
const matches = (pattern: string, path: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`).test(
    path,
  );

/**
 * Type-checks the misuse files of an app (each opens with `rejects: <error text>`): the checker
 * must fail, on every misuse file, with that error, and on no other file.
 */
async function assertRejected(app: string, checker: string) {
  const result = await run(
    join(app, 'node_modules/.bin', checker),
    ['-p', 'tsconfig.misuse.json'],
    {
      cwd: app,
    },
  );
  assert.notEqual(result.status, 0, `${checker} accepted every misuse:\n${result.output}`);
  const errors = errorsByFile(result.output);
  const misuses = filesUnder(join(app, 'misuse')).map((file) => `misuse/${file}`);
  for (const file of misuses) {
    const expected = /rejects: (.+?)( -->)?$/m.exec(readFileSync(join(app, file), 'utf8'))?.[1];
    assert.ok(expected, `${file} says what it expects`);
    assert.ok(
      errors.get(file)?.includes(expected),
      `${file} is rejected with "${expected}"; ${checker} said:\n${result.output}`,
    );
  }
  assert.deepEqual(
    [...errors.keys()].filter((file) => !misuses.includes(file)),
    [],
    `errors only in the misuse files:\n${result.output}`,
  );
}

/** Builds an app with Vite and answers the tags its output registers. */
async function buildApp(app: string): Promise<string[]> {
  succeeded('vite build', await run(join(app, 'node_modules/.bin/vite'), ['build'], { cwd: app }));
  const assets = join(app, 'dist/assets');
  return filesUnder(assets)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => definedTags(readFileSync(join(assets, file), 'utf8')));
}

/** The folder of package `name` (`@scope/name` too) that `from`'s own imports resolve to. */
const dependencyFolder = (from: string, name: string) => join(realpathSync(from), '../..', name);

/** Whether a package brings its own types, as TypeScript looks for them. */
function bringsTypes(folder: string): boolean {
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
  return Boolean(
    manifest.types ||
      manifest.typings ||
      /"types"|\.d\.[cm]?ts"/.test(JSON.stringify(manifest.exports ?? {})) ||
      existsSync(join(folder, 'index.d.ts')),
  );
}

/** The `types` files a manifest points at, at its top level and in `exports`. */
function typeEntries(manifest: { types?: string; exports?: unknown }): string[] {
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
function importedByPublicTypes(folder: string, entries: string[]): Set<string> {
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

describe('the packages as packed', () => {
  it('import in their public .d.ts only their dependencies, each with its own types', () => {
    for (const name of Object.keys(tarballs) as PackageName[]) {
      const folder = join(
        name === 'widget' ? apps.react! : apps.node!,
        'node_modules/@crypto-pay',
        name,
      );
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      const imported = importedByPublicTypes(folder, typeEntries(manifest));
      for (const specifier of imported) {
        // The server packages' types speak of Node's (`node:http`): @types/node, as for Hono's.
        if (specifier.startsWith('node:') && name !== 'widget') continue;
        const dependency = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/');
        // A framework's typings (`@crypto-pay/widget/react`) augment the framework the app has.
        const peers = manifest.peerDependencies ?? {};
        if (peers[dependency] || peers[`@types/${dependency}`]) continue;
        assert.ok(
          manifest.dependencies?.[dependency],
          `${name}'s types import ${specifier}, which is not among its dependencies`,
        );
        assert.ok(
          bringsTypes(dependencyFolder(folder, dependency)),
          `${name}'s types import ${dependency}, which brings no types of its own`,
        );
      }
    }
  });

  it('names in sideEffects every shipped file that registers an element, and no missing file', () => {
    const { files, manifest, folder } = widgetOf(apps.react!);
    const shipped = files.map((file) => `./${file}`);
    const entries: string[] = manifest.sideEffects;
    const registering = shipped.filter(
      (file) =>
        file.endsWith('.js') && definedTags(readFileSync(join(folder, file), 'utf8')).length,
    );
    assert.ok(registering.length >= 2, `the element and its panel: ${registering.join(', ')}`);
    for (const file of registering) {
      assert.ok(
        entries.some((entry) => matches(entry, file)),
        `${file} registers an element, so sideEffects names it`,
      );
    }
    for (const entry of entries) {
      // The source files are the workspace's (the `@crypto-pay/source` condition), never shipped.
      const where = entry.startsWith('./src/')
        ? filesUnder(join(ROOT, 'packages/widget')).map((file) => `./${file}`)
        : shipped;
      assert.ok(
        where.some((file) => matches(entry, file)),
        `sideEffects entry ${entry} names a file`,
      );
    }
  });

  it('gives older resolvers a top-level main and types, and states the TypeScript it needs', () => {
    for (const name of Object.keys(tarballs) as PackageName[]) {
      const app = name === 'widget' ? apps.react! : apps.node!;
      const folder = join(app, 'node_modules/@crypto-pay', name);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      for (const field of ['main', 'types']) {
        assert.ok(filesUnder(folder).includes(manifest[field].slice(2)), `${name} ${field}`);
      }
      assert.equal(manifest.peerDependencies?.typescript, '>=5.5', `${name} states its TypeScript`);
      assert.equal(manifest.peerDependenciesMeta?.typescript?.optional, true);
    }
  });
});

describe('a React 19 + TypeScript app built with Vite', () => {
  it('type-checks <crypto-pay> with its attributes, properties and events', async () => {
    succeeded(
      'tsc',
      await run(join(apps.react!, 'node_modules/.bin/tsc'), ['-p', '.'], { cwd: apps.react! }),
    );
  });

  it('rejects a wrong attribute value, a wrong attribute type and a detail the event lacks', async () => {
    await assertRejected(apps.react!, 'tsc');
  });

  it('builds, every element of the widget registered in its bundle', async () => {
    const tags = await buildApp(apps.react!);
    assert.deepEqual([...new Set(tags)].sort(), [...new Set(widgetOf(apps.react!).tags)].sort());
  });
});

describe('a Vue 3 + TypeScript app built with Vite', () => {
  it('type-checks <crypto-pay> in templates with its attributes and events (vue-tsc)', async () => {
    succeeded(
      'vue-tsc',
      await run(join(apps.vue!, 'node_modules/.bin/vue-tsc'), ['-p', '.'], { cwd: apps.vue! }),
    );
  });

  it('rejects a wrong attribute value, a wrong attribute type and a detail the event lacks', async () => {
    await assertRejected(apps.vue!, 'vue-tsc');
  });

  it('builds, every element of the widget registered in its bundle', async () => {
    const tags = await buildApp(apps.vue!);
    assert.deepEqual([...new Set(tags)].sort(), [...new Set(widgetOf(apps.vue!).tags)].sort());
  });
});

describe('a Node + TypeScript server', () => {
  it("type-checks against the server packages' types with @types/node alone, with every resolver", async () => {
    const tsc = join(apps.node!, 'node_modules/.bin/tsc');
    succeeded('tsc (nodenext)', await run(tsc, ['-p', '.'], { cwd: apps.node! }));
    succeeded('tsc (node10)', await run(tsc, ['-p', 'tsconfig.node10.json'], { cwd: apps.node! }));
  });

  it('runs the sandbox and calls it with the client', async () => {
    const output = succeeded(
      'node src/server.ts',
      await run(process.execPath, ['src/server.ts'], { cwd: apps.node! }),
    );
    const summary = JSON.parse(output.trim().split('\n').at(-1)!);
    assert.ok(summary.currencies > 0, output);
    assert.equal(summary.signed, true);
  });
});
