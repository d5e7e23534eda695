#!/usr/bin/env node
// Packs the release that the upgrade tests (tests/reliability/upgrade-*.test.ts) upgrade from:
// the proxy and the workspace packages it depends on, built at one commit, as npm would get them,
// into tests/reliability/previous-release/ with a release.json naming the commit and the schema
// versions it leaves, and the manifest and lockfile the tests install it with. Run it once a release is cut, with that release's commit:
//   node scripts/pack-previous-release.mjs <commit>
// It builds in a temporary git worktree (the repository's history is needed here, never in the
// tests), installs from the pnpm store, and removes the worktree afterwards.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET = join(ROOT, 'tests/reliability/previous-release');
/** The proxy and what it depends on in the workspace (the widget: it serves its parts). */
const PACKAGES = ['protocol', 'client', 'widget', 'proxy'];

/** Runs a command to its end; throws with what it wrote when it fails (unless allowed to). */
function run(command, args, cwd, { allowFailure = false } = {}) {
  console.log(`+ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  if (result.status !== 0 && !allowFailure) {
    throw new Error(`${command} ${args[0]} failed (exit ${result.status}):\n${result.stdout}`);
  }
  return result;
}

/**
 * Writes what the tests install the release with: `install.json` (their folder's package.json:
 * the proxy from its tarball in `packs/`, ours by overrides, as they are not on the registry) and
 * its `pnpm-lock.yaml`, so an install needs the pnpm store only, no registry metadata, and the
 * release always runs on the same versions of its dependencies.
 */
function lockInstall() {
  const folder = mkdtempSync(join(tmpdir(), 'crypto-pay-release-lock-'));
  try {
    const tarball = (name) => `file:packs/${name}.tgz`;
    const manifest = {
      name: 'previous-release',
      private: true,
      type: 'module',
      dependencies: { '@crypto-pay/proxy': tarball('proxy') },
      pnpm: {
        overrides: Object.fromEntries(
          PACKAGES.map((name) => [`@crypto-pay/${name}`, tarball(name)]),
        ),
      },
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    writeFileSync(join(TARGET, 'install.json'), text);
    writeFileSync(join(folder, 'package.json'), text);
    cpSync(TARGET, join(folder, 'packs'), {
      recursive: true,
      filter: (file) => !file.endsWith('.json'),
    });
    run(
      'pnpm',
      ['install', '--lockfile-only', '--prefer-offline', '--config.ignore-scripts=true'],
      folder,
    );
    cpSync(join(folder, 'pnpm-lock.yaml'), join(TARGET, 'pnpm-lock.yaml'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const requested = process.argv[2];
if (!requested) {
  console.error('Usage: node scripts/pack-previous-release.mjs <commit of the release>');
  process.exit(2);
}
const commit = run('git', ['rev-parse', '--verify', `${requested}^{commit}`], ROOT).stdout.trim();
const subject = run('git', ['log', '-1', '--format=%s', commit], ROOT).stdout.trim();
const worktree = mkdtempSync(join(tmpdir(), 'crypto-pay-release-'));
const packs = join(worktree, '.packs');
try {
  run('git', ['worktree', 'add', '--detach', worktree, commit], ROOT);
  // Offline when the store has the release's packages (it has, on a machine that ran it).
  const install = (network) =>
    run(
      'pnpm',
      ['install', '--frozen-lockfile', network, '--config.ignore-scripts=true'],
      worktree,
      { allowFailure: network === '--offline' },
    );
  if (install('--offline').status !== 0) install('--prefer-offline');
  const filters = PACKAGES.flatMap((name) => ['--filter', `@crypto-pay/${name}`]);
  run('pnpm', [...filters, 'run', 'build'], worktree);
  mkdirSync(packs);
  rmSync(TARGET, { recursive: true, force: true });
  mkdirSync(TARGET, { recursive: true });
  for (const name of PACKAGES) {
    // Just built from a fresh worktree: the prepack's clean build would only repeat it.
    const output = run(
      'pnpm',
      ['pack', '--json', '--pack-destination', packs, '--config.ignore-scripts=true'],
      join(worktree, 'packages', name),
    ).stdout;
    const { filename } = JSON.parse(output.slice(output.indexOf('{')));
    renameSync(filename, join(TARGET, `${name}.tgz`));
    console.log(
      `${name}.tgz: ${(statSync(join(TARGET, `${name}.tgz`)).size / 1024).toFixed(0)} KiB`,
    );
  }
  lockInstall();
  // The schema versions this release leaves (its migration lists' lengths): what the tests check
  // the old proxy made. A release whose migrations live elsewhere needs this line changed.
  const migrations = async (dialect) => {
    const file = join(worktree, `packages/proxy/dist/store/${dialect}-migrations.js`);
    const list = Object.values(await import(pathToFileURL(file).href)).find(Array.isArray);
    if (!list) throw new Error(`${file} exports no list of migrations.`);
    return list.length;
  };
  const release = {
    commit,
    subject,
    schema: { sqlite: await migrations('sqlite'), postgres: await migrations('postgres') },
  };
  writeFileSync(join(TARGET, 'release.json'), `${JSON.stringify(release, null, 2)}\n`);
  console.log(`Packed ${commit.slice(0, 7)} into ${TARGET}: ${JSON.stringify(release.schema)}`);
} catch (error) {
  console.error(`pack-previous-release: ${error.message}`);
  process.exitCode = 1;
} finally {
  run('git', ['worktree', 'remove', '--force', worktree], ROOT, { allowFailure: true });
  rmSync(worktree, { recursive: true, force: true });
}
