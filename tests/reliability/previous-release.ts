/**
 * The release a proxy is upgraded from, as a merchant has it installed: the tarballs of
 * `previous-release/` (made by scripts/pack-previous-release.mjs) installed into a folder outside
 * the repository by the lockfile made with them, its registry packages from the local pnpm store
 * (offline whenever the store has them), and the command that runs its bin.
 */

import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '@crypto-pay/test-kit/process';
import type { ProxyCommand } from '@crypto-pay/test-kit/servers';
import { run, succeeded } from '../packed/packing.ts';

const PACKS = join(ROOT, 'tests/reliability/previous-release');

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
  // The manifest and lockfile the script wrote: the store alone serves a frozen install.
  cpSync(join(PACKS, 'install.json'), join(folder, 'package.json'));
  cpSync(join(PACKS, 'pnpm-lock.yaml'), join(folder, 'pnpm-lock.yaml'));
  cpSync(PACKS, join(folder, 'packs'), {
    recursive: true,
    filter: (file) => file === PACKS || file.endsWith('.tgz'),
  });
  const install = (network: '--offline' | '--prefer-offline') =>
    run(
      'pnpm',
      [
        'install',
        '--frozen-lockfile',
        network,
        '--config.ignore-scripts=true',
        '--reporter=append-only',
      ],
      { cwd: folder, env: { CI: 'true' } },
    );
  try {
    // Offline when the store has every locked package; else they are fetched once.
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
