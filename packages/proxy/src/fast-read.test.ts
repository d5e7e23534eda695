import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { RunningSandbox } from '@crypto-pay/sandbox';
import Database from 'better-sqlite3';
import { createLogger } from './process/logger.ts';
import { type RunningProxy, startProxy } from './process/server.ts';
import { checkoutBody, SHOP, serverConfig, startTestSandbox } from './testing.test-helpers.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request over a fresh connection; header names lowercased, Date dropped. */
function send(base: string, path: string, method: string, headers: Record<string, string>) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method, headers, agent: false }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => {
        body += chunk;
      });
      incoming.on('end', () => {
        const seen: Record<string, string> = {};
        for (let i = 0; i < incoming.rawHeaders.length; i += 2)
          seen[incoming.rawHeaders[i]!.toLowerCase()] = incoming.rawHeaders[i + 1]!;
        delete seen.date;
        resolve({ status: incoming.statusCode!, headers: seen, body });
      });
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

/** A request line of the log without what differs per request (time, id, duration). */
function requestLines(lines: string[]) {
  return lines
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.message === 'request')
    .map(({ time, request_id, duration_ms, ...rest }) => {
      assert.equal(typeof time, 'string');
      assert.equal(typeof request_id, 'string');
      assert.equal(typeof duration_ms, 'number');
      return rest;
    });
}

describe('fast status reads', () => {
  let sandbox: RunningSandbox;
  let fast: RunningProxy;
  let hono: RunningProxy;
  const fastLog: string[] = [];
  const honoLog: string[] = [];
  let fastAnswers = 0;
  let remove = () => {};
  let id: string;

  before(async () => {
    sandbox = await startTestSandbox();
    // Two proxies answering for one checkout: one with the fast path, one answering only
    // through Hono, on a copy of the first one's database (one process owns a file).
    const server = serverConfig(sandbox);
    remove = server.remove;
    const { config } = server;
    fast = await startProxy(config, {
      log: createLogger((line) => fastLog.push(line)),
      onFastRead: () => {
        fastAnswers += 1;
      },
    });
    const created = await fetch(`${fast.url}/api/checkouts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(checkoutBody()),
    });
    assert.equal(created.status, 201);
    id = (await created.json()).id;
    const file = config.databaseUrl.slice('sqlite:'.length);
    const source = new Database(file, { readonly: true });
    await source.backup(`${file}.copy`);
    source.close();
    hono = await startProxy(
      { ...config, databaseUrl: `sqlite:${file}.copy` },
      { log: createLogger((line) => honoLog.push(line)), fastReads: false },
    );
    // A created checkout is read once from the database; from then on it is in memory.
    assert.equal((await send(fast.url, `/api/checkouts/${id}`, 'GET', {})).status, 200);
    assert.equal(fastAnswers, 0);
  });

  after(async () => {
    await fast?.close();
    await hono?.close();
    await sandbox?.close();
    remove();
  });

  /** Sends the request to both proxies; returns both answers with the request id set aside. */
  async function both(path: string, method: string, headers: Record<string, string> = {}) {
    const before = fastAnswers;
    fastLog.length = 0;
    honoLog.length = 0;
    const viaFast = await send(fast.url, path, method, headers);
    const viaHono = await send(hono.url, path, method, headers);
    await new Promise((resolve) => setImmediate(resolve)); // log lines are written per turn
    const answeredFast = fastAnswers - before === 1;
    for (const answer of [viaFast, viaHono]) {
      assert.match(answer.headers['x-request-id'] ?? '', /^[A-Za-z0-9._-]{8,64}$/);
      if (!('X-Request-Id' in headers)) delete answer.headers['x-request-id'];
    }
    assert.deepEqual(viaFast, viaHono, `${method} ${path} ${JSON.stringify(headers)}`);
    assert.deepEqual(requestLines(fastLog), requestLines(honoLog));
    assert.equal(requestLines(fastLog).length, 1);
    // A status read answered is routine: at the default level (info) it leaves no line.
    const routine = viaFast.status === 200 || viaFast.status === 304;
    assert.equal(requestLines(fastLog)[0].level, routine ? 'debug' : 'info');
    return { answer: viaFast, answeredFast };
  }

  it('answers a read as the Hono route does: body, ETag, security headers', async () => {
    const { answer, answeredFast } = await both(`/api/checkouts/${id}`, 'GET');
    assert.ok(answeredFast);
    assert.equal(answer.status, 200);
    assert.equal(JSON.parse(answer.body).id, id);
    assert.equal(answer.headers.etag, '"v1"');
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
    assert.equal(answer.headers['access-control-allow-origin'], undefined);
  });

  it('answers 304 when If-None-Match holds the tag, for GET and HEAD', async () => {
    for (const method of ['GET', 'HEAD']) {
      const { answer, answeredFast } = await both(`/api/checkouts/${id}`, method, {
        'If-None-Match': 'W/"v0", "v1"',
      });
      assert.ok(answeredFast);
      assert.equal(answer.status, 304);
      assert.equal(answer.body, '');
    }
  });

  it('gives CORS headers to allowed origins only', async () => {
    const allowed = await both(`/api/checkouts/${id}`, 'GET', { Origin: SHOP });
    assert.ok(allowed.answeredFast);
    assert.equal(allowed.answer.headers['access-control-allow-origin'], SHOP);
    const other = await both(`/api/checkouts/${id}`, 'GET', { Origin: 'https://evil.example' });
    assert.ok(other.answeredFast);
    assert.equal(other.answer.headers['access-control-allow-origin'], undefined);
    assert.equal(other.answer.headers.vary, 'Origin');
  });

  it('answers HEAD with the headers and no body', async () => {
    const { answer, answeredFast } = await both(`/api/checkouts/${id}`, 'HEAD', { Origin: SHOP });
    assert.ok(answeredFast);
    assert.equal(answer.status, 200);
    assert.equal(answer.body, '');
    assert.equal(answer.headers['content-type'], 'application/json');
  });

  it('keeps a well-formed X-Request-Id', async () => {
    const { answer, answeredFast } = await both(`/api/checkouts/${id}`, 'GET', {
      'X-Request-Id': 'trace-0123456789',
    });
    assert.ok(answeredFast);
    assert.equal(answer.headers['x-request-id'], 'trace-0123456789');
  });

  it('leaves unknown ids, query strings and other methods to Hono', async () => {
    const unknown = await both(`/api/checkouts/${'x'.repeat(22)}`, 'GET');
    assert.equal(unknown.answeredFast, false);
    assert.equal(unknown.answer.status, 404);
    assert.equal(JSON.parse(unknown.answer.body).code, 'checkout_not_found');
    const query = await both(`/api/checkouts/${id}?fresh=1`, 'GET');
    assert.equal(query.answeredFast, false);
    assert.equal(query.answer.status, 200);
    const options = await both(`/api/checkouts/${id}`, 'OPTIONS', { Origin: SHOP });
    assert.equal(options.answeredFast, false);
    assert.equal(options.answer.status, 204);
  });
});
