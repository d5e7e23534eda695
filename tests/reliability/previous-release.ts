/**
 * The release a proxy is upgraded from, as a merchant has it installed: the tarballs of
 * `previous-release/` (made by scripts/pack-previous-release.mjs) installed into a folder outside
 * the repository, its registry packages from the local pnpm store (offline once a run has fetched
 * them), and the command that runs its bin.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, succeeded } from '../packed/packing.ts';
import { ROOT } from '../support/process.ts';
import type { ProxyCommand } from '../support/servers.ts';

const PACKS = join(ROOT, 'tests/reliability/previous-release');
const PACKAGES = ['protocol', 'client', 'widget', 'proxy'] as const;

export interface PreviousRelease {
  /** The release's commit and the schema versions its proxy leaves (release.json). */
  commit: string;
  schema: { sqlite: number; postgres: number };
  /** Its `crypto-pay-proxy`, run from the folder it is installed in. */
  command: ProxyCommand;
  /** Removes the installation. */
  remove(): void;
}

/**
 * Installs the previous release. No install scripts run: better-sqlite3's addon comes prebuilt
 * in its package, as tests/packed relies on too.
 */
export async function installPreviousRelease(): Promise<PreviousRelease> {
  const release = JSON.parse(readFileSync(join(PACKS, 'release.json'), 'utf8')) as Pick<
    PreviousRelease,
    'commit' | 'schema'
  >;
  const folder = mkdtempSync(join(tmpdir(), 'crypto-pay-previous-'));
  const tarball = (name: string) => `file:${join(PACKS, `${name}.tgz`)}`;
  writeFileSync(
    join(folder, 'package.json'),
    JSON.stringify({
      name: 'previous-release',
      private: true,
      type: 'module',
      dependencies: { '@crypto-pay/proxy': tarball('proxy') },
      // Ours depend on each other by version, and are not on the registry.
      pnpm: {
        overrides: Object.fromEntries(
          PACKAGES.map((name) => [`@crypto-pay/${name}`, tarball(name)]),
        ),
      },
    }),
  );
  const install = (network: '--offline' | '--prefer-offline') =>
    run('pnpm', ['install', network, '--config.ignore-scripts=true', '--reporter=append-only'], {
      cwd: folder,
      env: { CI: 'true' },
    });
  try {
    // Offline when the store has every package (any run after the first); else from the registry.
    if ((await install('--offline')).status !== 0) {
      succeeded('pnpm install (previous release)', await install('--prefer-offline'));
    }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    ...release,
    command: { cwd: folder, bin: 'node_modules/@crypto-pay/proxy/bin/crypto-pay-proxy.mjs' },
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
