/**
 * `npx @crypto-pay/cli` as a developer gets it: the command line and the protocol it depends on
 * packed, installed with npm (npx's own tool) into a folder outside the repository, and run by
 * npx there on the project's Node, against a stack's built proxy. Nothing is fetched for our
 * packages: `--no-install` makes npx fail rather than look for them on the registry.
 */

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from '@crypto-pay/protocol/merchant-api';
import type { MerchantCheckout } from '@crypto-pay/protocol/proxy-api';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { ROOT } from '@crypto-pay/test-kit/process';
import { type Stack, startStack } from '@crypto-pay/test-kit/stack';
import { filesUnder } from './packed-files.ts';
import { packPackages, run, succeeded, workFolder } from './packing.ts';

const work = workFolder();
const shop = join(work, 'shop');
const installed = join(shop, 'node_modules/@crypto-pay/cli');
let stack: Stack;

/** npx in the shop's folder, its bins run by the Node running this test (the project's). */
const npx = (args: string[], env: Record<string, string> = {}) =>
  run('npx', ['--no-install', ...args], {
    cwd: shop,
    env: {
      PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
      npm_config_update_notifier: 'false',
      ...env,
    },
  });

before(async () => {
  await packPackages(work, ['cli', 'protocol']);
  mkdirSync(shop);
  writeFileSync(join(shop, 'package.json'), JSON.stringify({ name: 'shop', private: true }));
  // The protocol beside the command line, as the registry would serve it: the command line's
  // `^0.1.0` is met by it, so npm asks the registry only for the others' dependencies.
  succeeded(
    'npm install',
    await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '../packs/cli.tgz',
        '../packs/protocol.tgz',
      ],
      { cwd: shop, env: { CI: 'true', npm_config_update_notifier: 'false' } },
    ),
  );
  stack = await startStack();
});

after(async () => {
  await stack?.stop();
  if (!process.env.KEEP_PACKED_APPS) rmSync(work, { recursive: true, force: true });
});

describe('@crypto-pay/cli as packed', () => {
  it('ships its manifest, README, dist and bin only, with the fields npm and npx read', () => {
    const files = filesUnder(installed).filter((file) => statSync(join(installed, file)).isFile());
    assert.ok(files.includes('bin/crypto-pay.mjs'));
    assert.ok(files.includes('dist/main.js'));
    assert.deepEqual(
      files.filter(
        (file) =>
          !/^(package\.json|README\.md|bin\/crypto-pay\.mjs|dist\/[\w/-]+\.(js|d\.ts))$/.test(file),
      ),
      [],
      'nothing but the manifest, the README, the bin and dist',
    );
    assert.deepEqual(
      files.filter((file) => /test|\.ts$/.test(file) && !file.endsWith('.d.ts')),
      [],
      'no test nor source',
    );

    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    assert.deepEqual(manifest.bin, { 'crypto-pay': './bin/crypto-pay.mjs' });
    assert.deepEqual(manifest.files, ['dist', 'bin']);
    assert.equal(manifest.engines.node, '>=24');
    assert.match(manifest.description, /command line for a crypto-pay proxy/);
    assert.match(
      manifest.dependencies['@crypto-pay/protocol'],
      /^\^\d/,
      'a version, not workspace:',
    );
    // What an import resolves to without the workspace's source condition is in the package.
    const entry = manifest.exports['.'];
    for (const target of [entry.types, entry.default]) {
      assert.ok(files.includes(target.replace(/^\.\//, '')), `${target} is shipped`);
    }
    assert.match(
      readFileSync(join(installed, 'bin/crypto-pay.mjs'), 'utf8'),
      /^#!\/usr\/bin\/env node\n/,
    );
  });

  it('runs with npx from a folder outside the repository, on the project’s Node', async () => {
    assert.ok(Number(process.versions.node.split('.')[0]) >= 24, 'the project’s Node runs this');
    const help = await npx(['@crypto-pay/cli', '--help']);
    assert.equal(help.status, 0, help.output);
    assert.match(help.stdout, /^Usage: crypto-pay \[options\] \[command\]/);
    assert.match(help.stdout, /checkouts/);
    const version = await npx(['crypto-pay', '--version']);
    assert.equal(version.status, 0, version.output);
    const { version: packageVersion } = JSON.parse(
      readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8'),
    ) as { version: string };
    assert.equal(version.stdout.trim(), packageVersion);

    const checkout = await createdCheckout(stack.proxy.url);
    const listed = await npx(['crypto-pay', 'checkouts', 'list', '--json'], {
      CRYPTO_PAY_PROXY_URL: stack.proxy.url,
      CRYPTO_PAY_ADMIN_TOKEN: stack.adminToken,
    });
    assert.equal(listed.status, 0, listed.output);
    const page = JSON.parse(listed.stdout) as Page<MerchantCheckout>;
    assert.deepEqual(
      page.data.map((item) => [item.id, item.status]),
      [[checkout.id, 'created']],
    );
    assert.match(listed.output, /\(CRYPTO_PAY_PROXY_URL\), token from CRYPTO_PAY_ADMIN_TOKEN/);

    const refused = await npx(['crypto-pay', 'checkouts', 'list'], {
      CRYPTO_PAY_PROXY_URL: stack.proxy.url,
      CRYPTO_PAY_ADMIN_TOKEN: 'not-the-token',
    });
    assert.equal(refused.status, 1, refused.output);
    assert.match(refused.output, /refused \(401 /);
    assert.ok(!refused.output.includes('not-the-token'), 'the token given is never printed');
    assert.ok(!listed.output.includes(stack.adminToken), 'the token is never printed');
  });

  it('tells a developer on an older Node, in one sentence, which Node it needs', async (t) => {
    // This machine's own Node (Debian's) is older than the project's: the Node a developer's
    // PATH may well give `npx`.
    const system = await run('/usr/bin/node', ['--version'], { cwd: shop }).catch(() => undefined);
    const major = Number(system?.stdout.trim().replace(/^v/, '').split('.')[0]);
    if (system?.status !== 0 || !(major < 24)) {
      t.skip(`no Node older than 24 at /usr/bin/node (${system?.stdout.trim() ?? 'none'})`);
      return;
    }
    const old = await run('/usr/bin/node', [join(installed, 'bin/crypto-pay.mjs'), '--help'], {
      cwd: shop,
    });
    assert.equal(old.status, 1, old.output);
    assert.equal(old.stdout, '', 'nothing on stdout: the sentence is on stderr');
    assert.equal(
      old.output,
      `crypto-pay needs Node.js 24 or later; this is Node.js ${system.stdout.trim().slice(1)} (/usr/bin/node).\n`,
    );
  });

  it('imports as a library too (`run`), by the exports a bundler or Node read', async () => {
    const imported = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { run, EXIT } = await import('@crypto-pay/cli'); console.log(typeof run, EXIT.usage);",
      ],
      { cwd: shop },
    );
    assert.equal(imported.status, 0, imported.output);
    assert.equal(imported.stdout.trim(), 'function 2');
  });
});
