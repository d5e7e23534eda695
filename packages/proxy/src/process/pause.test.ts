/**
 * A proxy process paused and resumed (SIGSTOP, then SIGCONT, as a VM suspended or a container
 * frozen sees it), on PostgreSQL: every timer it had fires late at once on resume, before the
 * answers that came meanwhile are read. The database's deadlines (a connection from the pool, an
 * answer to a statement) must not count the pause: the reads under way when it came and the
 * event streams requested during it are all served once it resumes.
 */

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import { createdCheckout } from '@crypto-pay/test-kit/checkouts';
import { eventually } from '@crypto-pay/test-kit/eventually';
import { rawConnection, send } from '@crypto-pay/test-kit/http';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { proxyData, startProxyProcess } from '@crypto-pay/test-kit/servers';
import { usePostgres } from '../store/stores.test-helpers.ts';
import { startTestSandbox, testEnv } from '../testing.test-helpers.ts';

/** The database's deadlines, short so that a short pause outlasts them (2 s, 3 s for an answer). */
const DEADLINE_MS = 2000;
/** The pause: longer than every deadline, shorter than the HTTP server's own (10 s, 30 s). */
const PAUSE_MS = 5000;
/** Reads under way when the pause comes (more than the pool's connections: some wait for one). */
const READERS = 8;
/** Event streams requested during the pause. */
const STREAMS = 40;

const data = proxyData({ prefix: 'crypto-pay-pause-' });

/** The process's state letter in /proc (T: stopped by a signal). */
const stateOf = (pid: number) =>
  /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];

/** Counts of each value. */
const tally = (values: unknown[]) =>
  Object.fromEntries(
    [...new Set(values.map(String))].map((v) => [v, values.filter((x) => String(x) === v).length]),
  );

describe('a proxy paused and resumed', () => {
  const cluster = usePostgres();
  let sandbox: RunningSandbox;
  let proxy: ServerProcess | undefined;
  before(async () => {
    sandbox = await startTestSandbox();
  });
  after(async () => {
    if (proxy) process.kill(proxy.pid, 'SIGCONT');
    await proxy?.kill();
    await sandbox?.close();
    data.remove();
  });

  it('serves the reads under way and the event streams requested during the pause once it resumes', async () => {
    const paused = await startProxyProcess({
      built: false,
      env: testEnv(sandbox, {
        ...data.env,
        DATABASE_URL: cluster().url,
        DATABASE_POOL_SIZE: '2',
        // Every status read a query, as this test is about the pool's deadlines (not the copy).
        STATUS_COPY_SIZE: '0',
        DATABASE_CONNECT_TIMEOUT_MS: String(DEADLINE_MS),
        DATABASE_STATEMENT_TIMEOUT_MS: String(DEADLINE_MS),
        MAX_CONNECTIONS_PER_CLIENT: '0',
        MAX_EVENT_STREAMS_PER_CLIENT: '1000',
      }),
    });
    proxy = paused;
    const { id } = await createdCheckout(paused.url);

    // Reads under way when the pause comes, as widgets' polls and a balancer's checks are.
    let reading = true;
    const reads: (number | string)[] = [];
    const readers = Array.from({ length: READERS }, async () => {
      while (reading) {
        reads.push(
          await send(`${paused.url}/api/checkouts/${id}`).then(
            (answer) => answer.status,
            (error: NodeJS.ErrnoException) => error.code ?? error.message,
          ),
        );
      }
    });
    await eventually(() => reads.length >= 4 * READERS, 'reads under way');

    process.kill(paused.pid, 'SIGSTOP');
    await eventually(() => stateOf(paused.pid) === 'T', 'the proxy stopped');
    const streams = Array.from({ length: STREAMS }, () => rawConnection(paused.url));
    // Each request whole in the proxy's socket (the kernel accepts for a stopped process).
    await Promise.all(
      streams.map(
        ({ socket }) =>
          new Promise<void>((resolve, reject) =>
            socket.write(
              `GET /api/checkouts/${id}/events HTTP/1.1\r\nHost: proxy\r\nAccept: text/event-stream\r\n\r\n`,
              (error) => (error ? reject(error) : resolve()),
            ),
          ),
      ),
    );
    // The pause itself is what is tested: its length is the fault, not a guess at a wait.
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    process.kill(paused.pid, 'SIGCONT');

    const heads = await Promise.all(
      streams.map(async (stream) => {
        const text = await stream
          .until((so) => so.includes('\r\n\r\n'))
          .catch((error: NodeJS.ErrnoException) => `${error.code ?? error.message}\r\n`);
        stream.socket.destroy();
        return text.slice(0, text.indexOf('\r\n'));
      }),
    );
    reading = false;
    await Promise.all(readers);
    const refusals = paused.lines.filter((line) => /"status":(503|408)/.test(line.text));
    assert.deepEqual(
      { reads: tally(reads), streams: tally(heads) },
      { reads: { 200: reads.length }, streams: { 'HTTP/1.1 200 OK': STREAMS } },
      refusals.map((line) => line.text).join('\n'),
    );
  });
});
