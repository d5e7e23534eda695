/**
 * The packages from npm in merchants' typed apps: packed, installed outside the repository into a
 * React 19 + TypeScript app, a Vue 3 + TypeScript app and a Node server, type-checked and built
 * there; the typings of `<crypto-pay>` must accept every documented use and reject misuses.
 */

import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ROOT, startServerProcess } from '@crypto-pay/test-kit/process';
import { elementStates, openBuiltApp, REFUSAL_CODE, untilResult } from './built-app.ts';
import {
  bringsTypes,
  definedTags,
  dependencyFolder,
  filesUnder,
  importedByPublicTypes,
  matches,
  typeEntries,
  widgetOf,
} from './packed-files.ts';
import {
  assertOldestTypeScript,
  assertRejected,
  buildApp,
  installApp,
  type PackageName,
  packAll,
  run,
  succeeded,
  typeCheck,
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
      assert.match(
        manifest.peerDependencies?.typescript ?? '',
        /^>=5\.\d+$/,
        `${name}'s TypeScript`,
      );
      assert.equal(manifest.peerDependenciesMeta?.typescript?.optional, true);
      // A resolver that reads no `exports` (TypeScript's node10) finds a subpath's types
      // through typesVersions: the same file as `exports` gives, for every subpath with types.
      const typed = Object.entries<{ types?: string }>(manifest.exports ?? {}).flatMap(
        ([subpath, entry]) =>
          subpath !== '.' && entry.types ? [[subpath.slice(2), [entry.types]] as const] : [],
      );
      assert.deepEqual(
        manifest.typesVersions?.['*'] ?? {},
        Object.fromEntries(typed),
        `${name}'s typesVersions against its exports`,
      );
    }
  });
});

/** What each framework's app sets on its elements, as `elementStates` reads them back. */
const base = { proxy: '/pay', mode: 'link', checkoutId: null, successUrl: null };
const unset = { failedUrl: null, locale: null, amount: null };

/** The framework apps: the same checks, each with its own checker and its own elements. */
const FRAMEWORK_APPS = [
  {
    title: 'a React 19 + TypeScript app built with Vite',
    framework: 'React',
    app: 'react',
    checker: 'tsc',
    typeChecks: 'with its attributes, properties and events',
    oldestTypeScript: true,
    elements: [
      { ...base, successUrl: '/thanks', failedUrl: '/sorry', locale: 'de', amount: null },
      { ...base, ...unset, mode: 'redirect', amount: '20.00' },
      { ...base, ...unset, checkoutId: 'ck_1' },
      { ...base, ...unset, checkoutId: 'ck_1', successUrl: '/thanks' },
    ],
  },
  {
    title: 'a Vue 3 + TypeScript app built with Vite',
    framework: 'Vue',
    app: 'vue',
    checker: 'vue-tsc',
    typeChecks: 'in templates with its attributes and events (vue-tsc)',
    oldestTypeScript: false,
    elements: [
      { ...base, successUrl: '/thanks', failedUrl: '/sorry', locale: 'de', amount: null },
      { ...base, ...unset, mode: 'redirect', amount: '20.00' },
      { ...base, ...unset, checkoutId: 'ck_1' },
    ],
  },
] as const;

for (const {
  title,
  framework,
  app,
  checker,
  typeChecks,
  oldestTypeScript,
  elements,
} of FRAMEWORK_APPS) {
  describe(title, () => {
    it(`type-checks <crypto-pay> ${typeChecks}`, async () => {
      succeeded(checker, await typeCheck(apps[app]!, ['-p', '.'], checker));
    });

    it('rejects a wrong attribute value, a wrong attribute type and a detail the event lacks', async () => {
      await assertRejected(apps[app]!, checker);
    });

    if (oldestTypeScript) {
      it('type-checks with the oldest TypeScript the widget states, libraries checked too', async () => {
        await assertOldestTypeScript(apps[app]!, ['widget']);
      });
    }

    it('builds, every element of the widget registered in its bundle', async () => {
      const tags = await buildApp(apps[app]!);
      assert.deepEqual([...new Set(tags)].sort(), [...new Set(widgetOf(apps[app]!).tags)].sort());
    });

    it(`runs: each element holds what ${framework} set, and ${framework} hears its events`, async () => {
      const { page, problems, close } = await openBuiltApp(join(apps[app]!, 'dist'));
      try {
        await untilResult(page, REFUSAL_CODE);
        assert.deepEqual(await elementStates(page), elements);
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  });
}

describe('a Node + TypeScript server', () => {
  it("type-checks against the server packages' types with @types/node alone, with every resolver", async () => {
    succeeded('tsc (nodenext)', await typeCheck(apps.node!, ['-p', '.']));
    succeeded('tsc (node10)', await typeCheck(apps.node!, ['-p', 'tsconfig.node10.json']));
  });

  it('type-checks with the oldest TypeScript the packages state, libraries checked too', async () => {
    // Hono's WebSocket helper types name the DOM's MessageEvent, whatever the app uses.
    await assertOldestTypeScript(
      apps.node!,
      ['protocol', 'client', 'sandbox', 'proxy'],
      ['--lib', 'ES2023,DOM'],
    );
  });

  it('runs the bins: the sandbox, and the proxy on SQLite in front of it, answering', async () => {
    // Installed without install scripts: better-sqlite3's addon comes prebuilt in its package.
    const bin = (name: string) => `node_modules/@crypto-pay/${name}/bin/crypto-pay-${name}.mjs`;
    const sandbox = await startServerProcess({
      name: 'crypto-pay-sandbox',
      cwd: apps.node!,
      bin: bin('sandbox'),
      args: ['--port', '0'],
      env: {},
      ready: /crypto-pay-sandbox listening on (\S+)/,
    });
    try {
      const proxy = await startServerProcess({
        name: 'crypto-pay-proxy',
        cwd: apps.node!,
        bin: bin('proxy'),
        env: {
          PROCESSING_API_KEY: 'sandbox-key',
          PROCESSING_SIGNING_SECRET: 'sandbox-secret',
          PROCESSING_BASE_URL: `${sandbox.url}/api/v2`,
          PROCESSING_PAYMENTS_BASE_URL: `${sandbox.url}/api/payments/v1`,
          PORT: '0',
          DATABASE_URL: 'sqlite::memory:',
        },
        ready: /crypto-pay-proxy listening on (\S+)/,
      });
      try {
        const ready = await fetch(`${proxy.url}/readyz`);
        assert.equal(ready.status, 200, await ready.text());
        const config = await fetch(`${proxy.url}/api/config`);
        assert.equal(config.status, 200, await config.text());
      } finally {
        await proxy.stop();
      }
    } finally {
      await sandbox.stop();
    }
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
