/**
 * Start-up failures as a merchant meets them: the proxy run as a process prints one line that
 * names the variable to fix and exits 2, whatever failed underneath (SQLite, DNS, the port).
 */

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { TLSSocket } from 'node:tls';
import { certificateAuthority } from '@crypto-pay/test-kit/certificates';
import { runToExit } from '@crypto-pay/test-kit/process';
import { proxyCommand, startProxyProcess } from '@crypto-pay/test-kit/servers';
import { usePostgres } from '../store/stores.test-helpers.ts';
import { PROXY_VERSION } from '../version.ts';

const dir = mkdtempSync(join(tmpdir(), 'crypto-pay-startup-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'startup-test-signing-secret';

/** The proxy's variables (a service nobody answers on, no data kept), `env` on top. */
const envOf = (env: Record<string, string>) => ({
  PROCESSING_API_KEY: 'key',
  PROCESSING_SIGNING_SECRET: SECRET,
  PROCESSING_BASE_URL: 'http://127.0.0.1:9/api/v2',
  PROCESSING_PAYMENTS_BASE_URL: 'http://127.0.0.1:9/api/payments/v1',
  DATABASE_URL: 'sqlite::memory:',
  ...env,
});

/** Starts the proxy's entry point (the source: a built dist may be stale) with `env`. */
const startProxy = (env: Record<string, string>) =>
  startProxyProcess({ built: false, env: envOf(env) });

/** Runs the proxy until it exits: its code, stderr and log lines. */
const run = (env: Record<string, string>) =>
  runToExit({
    ...proxyCommand(false),
    env: { HOST: '127.0.0.1', PORT: '0', ...envOf(env) },
    // A proxy that started after all would run on: stop it, and the assertions below say so.
    stopWhen: /listening on/,
  });

/** `run`'s exit code and stderr: what a refused (or clean) start is judged by. */
async function start(env: Record<string, string>) {
  const { code, stderr } = await run(env);
  return { code, stderr };
}

/** Asserts the proxy refused to start with exactly `line`, exit code 2. */
async function refuses(env: Record<string, string>, line: string) {
  const { code, stderr } = await start(env);
  assert.equal(stderr, `crypto-pay-proxy: ${line}\n`);
  assert.equal(code, 2);
  assert.ok(!stderr.includes(SECRET));
}

describe('crypto-pay-proxy start-up failures', () => {
  it('names DATABASE_URL and the file when the database cannot be opened', async () => {
    const json = join(dir, 'catalog.json');
    writeFileSync(json, '{}\n');
    const aFile = join(dir, 'a-file');
    writeFileSync(aFile, 'x');
    const aDirectory = join(dir, 'a-directory');
    mkdirSync(aDirectory);
    await refuses(
      { DATABASE_URL: `sqlite:${json}` },
      `DATABASE_URL: cannot open the SQLite database ${json}: file is not a database (is the path another kind of file?).`,
    );
    await refuses(
      { DATABASE_URL: `sqlite:${aDirectory}` },
      `DATABASE_URL: cannot open the SQLite database ${aDirectory}: unable to open database file (is the directory writable, and the path not a directory?).`,
    );
    await refuses(
      { DATABASE_URL: `sqlite:${aFile}/x.db` },
      `DATABASE_URL: cannot open the SQLite database ${aFile}/x.db: file already exists (a file is in the way of a directory).`,
    );
  });

  it('names DATABASE_URL when its PostgreSQL server cannot be reached, without its password', async () => {
    // Exit 1, not 2: a server that is down now may be up at the next try (a supervisor retries).
    const { code, stderr } = await start({
      DATABASE_URL: 'postgres://crypto_pay:db-password-4711@127.0.0.1:1/shop',
    });
    assert.equal(
      stderr,
      'crypto-pay-proxy: DATABASE_URL: cannot reach the database at 127.0.0.1:1 (postgres ECONNREFUSED): is the server up, and its address and port right?\n',
    );
    assert.equal(code, 1);
  });

  describe('on PostgreSQL', () => {
    const cluster = usePostgres();

    it('names DATABASE_URL and what to change, exit 2, without the password', async () => {
      // The application role's own database, then the same URL with one part of it wrong.
      const url = new URL(cluster().url);
      const password = decodeURIComponent(url.password);
      const refused = async (changed: URL, line: string) => {
        const { code, stderr } = await start({ DATABASE_URL: changed.href });
        assert.equal(stderr, `crypto-pay-proxy: DATABASE_URL: ${line}\n`);
        assert.equal(code, 2);
        assert.ok(!stderr.includes(password), 'the log shows the password');
      };
      const wrongPassword = new URL(url);
      wrongPassword.password = 'not-the-password';
      await refused(
        wrongPassword,
        'PostgreSQL refused: password authentication failed for user "crypto_pay" (check the user and password in the URL; characters other than letters, digits and -._~ are percent-encoded).',
      );
      const noPassword = new URL(url);
      noPassword.password = '';
      await refused(
        noPassword,
        'PostgreSQL asks for a password and the URL gives none (postgres://user:password@host:5432/database).',
      );
      const noDatabase = new URL(url);
      noDatabase.pathname = '/no_such_shop';
      await refused(
        noDatabase,
        'PostgreSQL refused: database "no_such_shop" does not exist (create it, or correct the name at the end of the URL).',
      );
      // PostgreSQL 15 lets only a database's owner create tables in its schema public.
      await cluster().asSuperuser('CREATE DATABASE owned_by_another');
      const notOwner = new URL(url);
      notOwner.pathname = '/owned_by_another';
      await refused(
        notOwner,
        "PostgreSQL refused: permission denied for schema public (the URL's user must be allowed to connect to the database and own it, or be granted CREATE on its schema public).",
      );
      const tls = new URL(url);
      tls.search = 'sslmode=verify-full';
      await refused(
        tls,
        'the URL asks for TLS (sslmode) and the PostgreSQL server does not offer it: turn ssl on at the server, or set sslmode=disable on a network you trust.',
      );
      const missingCa = join(dir, 'no-such-ca.crt');
      tls.search = `sslmode=verify-full&sslrootcert=${missingCa}`;
      await refused(
        tls,
        `cannot read ${missingCa}, a file the URL names (sslrootcert, sslcert or sslkey): no such file or directory.`,
      );
    });

    it('says a server with no connection left is up, and what to raise, exit 1', async () => {
      await cluster().asSuperuser(
        "CREATE ROLE no_room LOGIN PASSWORD 'no-room-pass-4711' CONNECTION LIMIT 0",
      );
      const url = new URL(cluster().url);
      url.username = 'no_room';
      url.password = 'no-room-pass-4711';
      const { code, stderr } = await start({ DATABASE_URL: url.href });
      assert.equal(
        stderr,
        `crypto-pay-proxy: DATABASE_URL: the database server at ${url.host} is up but has no connection left for this proxy (postgres 53300, too many clients): its max_connections, and the role's connection limit, must exceed the proxies' DATABASE_POOL_SIZE summed.\n`,
      );
      assert.equal(code, 1);
    });

    it('logs which release started on which database, without the user or password', async () => {
      const url = new URL(cluster().url);
      const { code, stdout } = await run({ DATABASE_URL: `${url.href}?sslmode=disable` });
      assert.equal(code, 0);
      const started = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.message === 'started');
      assert.equal(started.length, 1);
      assert.equal(started[0]!.level, 'info');
      assert.equal(started[0]!.version, PROXY_VERSION);
      assert.equal(started[0]!.store, `postgres://127.0.0.1:${cluster().port}/crypto_pay`);
      assert.match(String(started[0]!.url), /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.ok(!stdout.includes(decodeURIComponent(url.password)), 'the log shows the password');
    });

    it('starts on a URL that reaches the server by its Unix socket, as Cloud SQL’s do, and logs it', async () => {
      const url = new URL(cluster().url);
      // No host after the credentials: WHATWG's URL parser refuses this form, pg reads it.
      const socketUrl = `postgres://${url.username}:${url.password}@/crypto_pay?host=${cluster().directory}&port=${cluster().port}`;
      const { code, stdout } = await run({ DATABASE_URL: socketUrl });
      assert.equal(code, 0);
      const [started] = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.message === 'started');
      assert.equal(started?.store, `postgres:///crypto_pay?host=${cluster().directory}`);
      assert.ok(!stdout.includes(decodeURIComponent(url.password)), 'the log shows the password');
    });

    it('names DATABASE_URL when a newer release migrated the database (a rollback), exit 2', async () => {
      const { url } = cluster();
      assert.deepEqual(await start({ DATABASE_URL: url }), { code: 0, stderr: '' });
      await cluster().asSuperuser(
        'INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)',
      );
      const { code, stderr } = await start({ DATABASE_URL: url });
      assert.match(
        stderr,
        /^crypto-pay-proxy: DATABASE_URL: the database's schema is at version 999, newer than this release knows \(version \d+\): a newer release migrated it; run that release, or restore a backup taken before the upgrade\.\n$/,
      );
      assert.equal(code, 2);
    });
  });

  it('names DATABASE_URL when the PostgreSQL server’s certificate is not one it trusts', async () => {
    // A stand-in server: it accepts PostgreSQL's SSLRequest, then shows a certificate of a CA
    // the proxy was not given (no sslrootcert), as a managed database's own CA would be.
    const caDir = join(dir, 'database-ca');
    mkdirSync(caDir);
    const { key, cert } = certificateAuthority(caDir, 'Managed Database CA').issue();
    const server = createServer((socket) => {
      socket.once('data', () => {
        socket.write('S');
        new TLSSocket(socket, { isServer: true, key, cert }).on('error', () => socket.destroy());
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    try {
      const { code, stderr } = await start({
        DATABASE_URL: `postgres://crypto_pay:db-password-4711@127.0.0.1:${port}/shop?sslmode=verify-full`,
      });
      assert.match(
        stderr,
        /^crypto-pay-proxy: DATABASE_URL: the PostgreSQL server's TLS certificate is not trusted: .+ \(give its CA file as sslrootcert=<file> in the URL\)\.\n$/,
      );
      assert.equal(code, 2);
      assert.ok(!stderr.includes('db-password-4711'));
    } finally {
      server.close();
    }
  });

  it('stops gracefully on a SIGTERM sent as soon as the start line is read', async () => {
    // `start` signals the moment it reads `listening on`: exit 0, not death by the signal.
    assert.deepEqual(await start({}), { code: 0, stderr: '' });
  });

  it('shuts down gracefully on SIGHUP: a request in flight gets its answer, exit 0', async () => {
    // A service that takes the probe's connection and never answers: /readyz stays in flight.
    const service = createServer();
    service.listen(0, '127.0.0.1');
    await once(service, 'listening');
    const { port } = service.address() as { port: number };
    const held: Socket[] = [];
    service.on('connection', (socket) => held.push(socket));
    const proxy = await startProxy({
      PROCESSING_BASE_URL: `http://127.0.0.1:${port}/api/v2`,
      UPSTREAM_TIMEOUT_MS: '1000',
    });
    const { url } = proxy;
    try {
      const probed = once(service, 'connection');
      const answer = fetch(`${url}/readyz`);
      await probed;
      proxy.child.kill('SIGHUP');
      const response = await answer;
      assert.equal(response.status, 503);
      assert.equal((await response.json()).upstream, 'failing');
      const [code, signal] = [await proxy.exited(), proxy.child.signalCode];
      const output = proxy.lines.map((line) => line.text).join('\n');
      assert.deepEqual([code, signal], [0, null]);
      assert.match(output, /"message":"shutting down"/);
      assert.match(output, /"message":"stopped"/);
    } finally {
      await proxy.kill();
      for (const socket of held) socket.destroy();
      service.close();
    }
  });

  it('refuses a second process on the same database file until the first is gone', async () => {
    const file = join(dir, 'shared', 'crypto-pay.db');
    // Its output is read on after the start line: a closed pipe would kill it at its next line.
    const first = await startProxy({ DATABASE_URL: `sqlite:${file}` });
    try {
      await refuses(
        { DATABASE_URL: `sqlite:${file}` },
        `DATABASE_URL: ${file} is in use by another crypto-pay-proxy process (it holds ${file}.lock): stop it before starting another on the same file.`,
      );
      // Refused before any setup advice: the operator reads one line, the one that matters.
      const second = await run({ DATABASE_URL: `sqlite:${file}`, ALLOWED_ORIGINS: '' });
      assert.equal(second.code, 2);
      assert.equal(second.stdout, '');
    } finally {
      // A kill the process cannot clean up after: the OS still lets the lock go.
      await first.kill();
    }
    assert.deepEqual(await start({ DATABASE_URL: `sqlite:${file}` }), { code: 0, stderr: '' });
  });

  it('makes owner-only at start the data files an earlier proxy left open, and logs it', async () => {
    const data = join(dir, 'open-data');
    const file = join(data, 'crypto-pay.db');
    mkdirSync(data);
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    chmodSync(data, 0o755);
    const { code, stdout } = await run({ DATABASE_URL: `sqlite:${file}` });
    assert.equal(code, 0);
    assert.match(
      stdout,
      new RegExp(`"message":"started".*"store":"sqlite:${file.replace(/\./g, '\\.')}"`),
    );
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.equal(statSync(data).mode & 0o777, 0o700);
    const logged = stdout
      .split('\n')
      .filter((line) => line.includes('made owner-only'))
      .map((line) => JSON.parse(line) as { level: string; message: string });
    assert.equal(logged.length, 1);
    assert.equal(logged[0]!.level, 'warn');
    assert.match(logged[0]!.message, new RegExp(`${file.replace(/\./g, '\\.')} \\(was 0644\\)`));
  });

  it('names HOST when it is no address or does not resolve', async () => {
    await refuses(
      { HOST: '999.1.1.1' },
      'HOST must be an IP address or a host name, such as 127.0.0.1, 0.0.0.0 or ::.',
    );
    // `.invalid` never resolves (RFC 2606), with or without a network.
    const { code, stderr } = await start({ HOST: 'proxy.invalid' });
    assert.match(
      stderr,
      /^crypto-pay-proxy: HOST: cannot resolve proxy\.invalid \(E[A-Z_]+\): give an IP address of this machine or a host name that resolves to one, such as 127\.0\.0\.1 or 0\.0\.0\.0\.\n$/,
    );
    assert.equal(code, 2);
  });

  it('names PORT when another process holds it', async () => {
    const holder = createServer();
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    const { port } = holder.address() as { port: number };
    try {
      await refuses(
        { PORT: String(port) },
        `PORT: ${port} is already in use on 127.0.0.1 (EADDRINUSE).`,
      );
    } finally {
      holder.close();
    }
  });
});
