/**
 * The packages as npm gets them: packed with `pnpm pack` from their built `dist/`, and merchants'
 * apps (copied from `apps/`) installed from those tarballs into a folder outside the repository.
 */

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '@crypto-pay/test-kit/process';
import { definedTags, filesUnder } from './packed-files.ts';

export const PACKAGES = ['protocol', 'client', 'sandbox', 'proxy', 'widget'] as const;
export type PackageName = (typeof PACKAGES)[number];

/** Packed too, as a dependency of one of them only (the proxy serves the dashboard's files). */
const SHIPPED_WITH = ['dashboard'] as const;

const APPS = join(ROOT, 'tests/packed/apps');

export interface CommandResult {
  status: number | null;
  /** Both streams, interleaved as written. */
  output: string;
  /** Standard output alone (what `--json` prints). */
  stdout: string;
}

/** Runs a command to its end and keeps everything it wrote; never throws on a failing status. */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    // Text, not bytes: a character split between two chunks must not become two bad ones.
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output, stdout }));
  });
}

/** Fails with the command's own words when it did not succeed. */
export function succeeded(what: string, result: CommandResult): string {
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status}):\n${result.output}`);
  }
  return result.output;
}

/** A folder outside the repository (no workspace, no repository node_modules above it). */
export function workFolder(): string {
  return mkdtempSync(join(tmpdir(), 'crypto-pay-packed-'));
}

/** Packs every package of the apps (and the dashboard), answering the tarballs of `PACKAGES`. */
export async function packAll(work: string): Promise<Record<PackageName, string>> {
  const { dashboard: _, ...tarballs } = await packPackages(work, [...PACKAGES, ...SHIPPED_WITH]);
  return tarballs;
}

/**
 * Packs each package named (a folder of packages/) into `work/packs/<name>.tgz`, the names the
 * apps' package.json files use. From the `dist/` that `pnpm build` made (the prepack's clean
 * build is skipped: the suite's build step has just run it), with `workspace:` versions
 * rewritten as `pnpm publish` would.
 */
export async function packPackages<Name extends string>(
  work: string,
  names: readonly Name[],
): Promise<Record<Name, string>> {
  const packs = join(work, 'packs');
  mkdirSync(packs, { recursive: true });
  const tarballs = {} as Record<Name, string>;
  for (const name of names) {
    const folder = join(ROOT, 'packages', name);
    if (!existsSync(join(folder, 'dist'))) {
      throw new Error(`packages/${name}/dist is missing: run \`pnpm build\` before these tests.`);
    }
    const packed = await run(
      'pnpm',
      ['pack', '--json', '--pack-destination', packs, '--config.ignore-scripts=true'],
      { cwd: folder },
    );
    succeeded(`pnpm pack (${name})`, packed);
    // The JSON is on stdout alone; a warning on stderr is no part of it.
    const { filename } = JSON.parse(packed.stdout) as { filename: string };
    renameSync(filename, join(packs, `${name}.tgz`));
    tarballs[name] = join(packs, `${name}.tgz`);
  }
  return tarballs;
}

/**
 * Copies the app `name` from `apps/` and installs it: the registry's packages from the local pnpm
 * store (offline once a run has fetched them into it), ours from the tarballs, also where one of
 * ours depends on another (they are not on the registry). No install scripts run: nothing here
 * needs one (better-sqlite3's addon comes prebuilt in its package).
 */
export async function installApp(work: string, name: string): Promise<string> {
  const app = join(work, name);
  cpSync(join(APPS, name), app, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
  manifest.pnpm = {
    overrides: Object.fromEntries(
      [...PACKAGES, ...SHIPPED_WITH].map((ours) => [
        `@crypto-pay/${ours}`,
        `file:../packs/${ours}.tgz`,
      ]),
    ),
  };
  writeFileSync(join(app, 'package.json'), JSON.stringify(manifest, null, 2));
  const install = (network: '--offline' | '--prefer-offline') =>
    run(
      'pnpm',
      [
        'install',
        network,
        '--config.ignore-scripts=true',
        '--config.strict-peer-dependencies=false',
        '--reporter=append-only',
      ],
      { cwd: app, env: { CI: 'true' } },
    );
  // Offline when the store has every package (any run after the first); else from the registry.
  const offline = await install('--offline');
  if (offline.status !== 0)
    succeeded(`pnpm install (${name} app)`, await install('--prefer-offline'));
  return app;
}

/**
 * The type errors `tsc` (or `vue-tsc`) printed, by file: each line `file(line,col): error TS…`
 * starts a new error, continued by the indented lines after it.
 */
export function errorsByFile(output: string): Map<string, string> {
  const errors = new Map<string, string>();
  let current: string | undefined;
  for (const line of output.split('\n')) {
    const start = /^(\S[^(]*)\(\d+,\d+\): error /.exec(line);
    if (start) current = start[1]!.replaceAll('\\', '/');
    else if (!/^\s/.test(line)) current = undefined;
    if (current) errors.set(current, `${errors.get(current) ?? ''}${line}\n`);
  }
  return errors;
}

/**
 * Runs an app's type checker: `tsc` of its `typescript` package (or of `typescript`, an alias the
 * app installs: `.bin/tsc` is one of them, whichever), or `vue-tsc`, which uses `typescript`.
 */
export function typeCheck(
  app: string,
  args: string[],
  checker: 'tsc' | 'vue-tsc' = 'tsc',
  typescript = 'typescript',
): Promise<CommandResult> {
  const bin =
    checker === 'tsc'
      ? join(app, 'node_modules', typescript, 'bin/tsc')
      : join(app, 'node_modules/vue-tsc/bin/vue-tsc.js');
  return run(process.execPath, [bin, ...args], { cwd: app });
}

/**
 * Type-checks the misuse files of an app (each opens with `rejects: <error text>`): the checker
 * must fail, on every misuse file, with that error, and on no other file.
 */
export async function assertRejected(app: string, checker: 'tsc' | 'vue-tsc') {
  const result = await typeCheck(app, ['-p', 'tsconfig.misuse.json'], checker);
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
export async function buildApp(app: string): Promise<string[]> {
  succeeded('vite build', await run(join(app, 'node_modules/.bin/vite'), ['build'], { cwd: app }));
  const assets = join(app, 'dist/assets');
  return filesUnder(assets)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => definedTags(readFileSync(join(assets, file), 'utf8')));
}

/**
 * Type-checks an app with `typescript-oldest` (an alias the app installs), which must be the
 * oldest TypeScript that the packages' `peerDependencies` allow, with their declarations checked
 * too (`skipLibCheck: false`), as an app on that TypeScript sees them.
 */
export async function assertOldestTypeScript(
  app: string,
  names: PackageName[],
  options: string[] = [],
) {
  const oldest = join(app, 'node_modules/typescript-oldest');
  const { version } = JSON.parse(readFileSync(join(oldest, 'package.json'), 'utf8'));
  const stated = names.map((name) => {
    const folder = join(app, 'node_modules/@crypto-pay', name);
    return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).peerDependencies
      .typescript;
  });
  const newest = stated
    .map((range: string) => range.slice(2))
    .sort()
    .at(-1);
  assert.ok(
    version.startsWith(`${newest}.`),
    `typescript-oldest ${version} is ${newest} (${stated})`,
  );
  succeeded(
    `tsc ${version}`,
    await typeCheck(
      app,
      ['-p', '.', '--skipLibCheck', 'false', ...options],
      'tsc',
      'typescript-oldest',
    ),
  );
}
