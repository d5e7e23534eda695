/**
 * The throwaway PostgreSQL cluster the store's tests stand on: it starts, `pg` connects as the
 * application role and queries, a restart (clean or a crash) keeps committed rows, a stopped
 * server refuses connections until started again, and `stop()` leaves nothing behind, not even
 * when the test process is killed. The benchmarks' round-trip probe holds one connection.
 */

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { eventually } from './eventually.ts';
import {
  openRoundTripProbe,
  type PostgresCluster,
  queryOnce,
  ROUND_TRIP_PROBE,
  startPostgres,
} from './postgres.ts';
import { ROOT, spawnAnnouncing } from './process.ts';

let cluster: PostgresCluster;
before(async () => {
  cluster = await startPostgres({ database: 'harness' });
});
after(() => cluster?.stop());

/** The rows of `sql` on a fresh connection to `url`. */
const query = async <Row extends pg.QueryResultRow>(url: string, sql: string, values?: unknown[]) =>
  (await queryOnce<Row>(url, sql, values)).rows;

test('starts PostgreSQL 15 on loopback and reports its cold start', (t) => {
  const { initdbMs, startMs } = cluster.coldStart;
  t.diagnostic(
    `cold start: initdb ${initdbMs.toFixed(0)} ms, first start ${startMs.toFixed(0)} ms`,
  );
  assert.match(cluster.url, /^postgres:\/\/crypto_pay:[0-9a-f]{32}@127\.0\.0\.1:\d+\/harness$/);
});

test('pg connects as the application role, which owns its database and is no superuser', async () => {
  const [row] = await query<{ version: string; user: string; superuser: string; owner: string }>(
    cluster.url,
    `SELECT current_setting('server_version_num') AS version, current_user AS user,
            current_setting('is_superuser') AS superuser,
            pg_get_userbyid(datdba) AS owner
       FROM pg_database WHERE datname = current_database()`,
  );
  assert.match(row!.version, /^15\d{4}$/);
  assert.deepEqual(
    { user: row!.user, superuser: row!.superuser, owner: row!.owner },
    { user: 'crypto_pay', superuser: 'off', owner: 'crypto_pay' },
  );
  await query(cluster.url, 'CREATE TABLE payments (id text PRIMARY KEY, amount numeric NOT NULL)');
  await query(cluster.url, 'INSERT INTO payments VALUES ($1, $2)', ['before-restarts', '100.00']);
});

test('listens on 127.0.0.1 only, with password authentication', async () => {
  const [row] = await cluster.asSuperuser<{ listen: string }>(
    "SELECT current_setting('listen_addresses') AS listen",
  );
  assert.equal(row!.listen, '127.0.0.1');
  const wrong = cluster.url.replace(/:[0-9a-f]{32}@/, ':wrong@');
  await assert.rejects(query(wrong, 'SELECT 1'), /password authentication failed/);
});

test('a clean restart and a crash restart both keep committed rows', async () => {
  await cluster.restart('fast');
  await query(cluster.url, 'INSERT INTO payments VALUES ($1, $2)', ['after-fast', '0.00000001']);
  await cluster.restart('immediate');
  const rows = await query<{ id: string; amount: string }>(
    cluster.url,
    'SELECT id, amount FROM payments ORDER BY id',
  );
  assert.deepEqual(rows, [
    { id: 'after-fast', amount: '0.00000001' },
    { id: 'before-restarts', amount: '100.00' },
  ]);
});

test('a stopped server refuses connections, and serves its data again once started', async () => {
  await cluster.stopServer();
  await assert.rejects(query(cluster.url, 'SELECT 1'), /ECONNREFUSED/);
  await cluster.startServer();
  const rows = await query<{ count: string }>(cluster.url, 'SELECT count(*) FROM payments');
  assert.deepEqual(rows, [{ count: '2' }]);
});

test("terminateConnections ends the application role's connections, not the server", async () => {
  const client = new pg.Client({ connectionString: cluster.url });
  await client.connect();
  // pg reports the server's FATAL message, then the socket's end: keep listening for both.
  const errors: Error[] = [];
  client.on('error', (error) => errors.push(error));
  assert.equal(await cluster.terminateConnections(), 1);
  const [first] = await eventually(() => errors.length > 0 && errors, 'the connection to end');
  assert.match(first!.message, /administrator command|terminated unexpectedly/);
  assert.deepEqual(await query(cluster.url, 'SELECT 1 AS one'), [{ one: 1 }]);
});

test('createDatabase gives another empty database on the same cluster', async () => {
  const url = await cluster.createDatabase('harness_second');
  const rows = await query<{ tables: string }>(
    url,
    "SELECT count(*) AS tables FROM pg_tables WHERE schemaname = 'public'",
  );
  assert.deepEqual(rows, [{ tables: '0' }]);
});

test('stop() stops the server and removes its directory', async () => {
  const own = await startPostgres();
  await own.stop();
  assert.equal(existsSync(own.directory), false);
  await assert.rejects(query(own.url, 'SELECT 1'), /ECONNREFUSED/);
});

test('a killed test process leaves no cluster behind', async () => {
  // A child process starts a cluster, says where, and is killed with SIGKILL: no exit handler
  // of its own runs, and the orphan guard must stop the server and remove the directory.
  const program = `
    import { startPostgres } from ${JSON.stringify(`${ROOT}/packages/test-kit/src/postgres.ts`)};
    const cluster = await startPostgres();
    console.log(JSON.stringify({ directory: cluster.directory, url: cluster.url }));
    setInterval(() => {}, 1000);
  `;
  const { child, announced } = await spawnAnnouncing<{ directory: string; url: string }>(program);
  assert.deepEqual(await query(announced.url, 'SELECT 1 AS one'), [{ one: 1 }]);
  child.kill('SIGKILL');
  await eventually(() => !existsSync(announced.directory), 'the directory to be removed');
  await assert.rejects(query(announced.url, 'SELECT 1'), /ECONNREFUSED/);
});

test("the benchmarks' round-trip probe holds one connection until closed", async () => {
  const probes = () =>
    query<{ n: string }>(
      cluster.adminUrl,
      'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1',
      [ROUND_TRIP_PROBE],
    );
  const probe = await openRoundTripProbe(cluster.url);
  await probe.roundTrip();
  await probe.roundTrip();
  assert.deepEqual(await probes(), [{ n: '1' }]);
  await probe.close();
  await eventually(async () => (await probes())[0]?.n === '0', "the probe's connection to end");
});
