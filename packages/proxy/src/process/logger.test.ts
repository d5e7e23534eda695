import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bufferedLines, createLogger } from './logger.ts';

describe('logger', () => {
  it('writes the lines of one turn of the event loop in one write, every line kept', async () => {
    const writes: string[] = [];
    const log = createLogger(bufferedLines((text) => writes.push(text)));
    log('info', 'request', { request_id: 'a', status: 200 });
    log('warn', 'callback refused', { reason: 'bad_signature' });
    assert.equal(writes.length, 0, 'nothing written within the turn');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes.length, 1);
    const lines = writes[0]!.split('\n');
    assert.equal(lines.pop(), '', 'ends with a newline');
    assert.deepEqual(
      lines.map((line) => JSON.parse(line)).map(({ level, message }) => [level, message]),
      [
        ['info', 'request'],
        ['warn', 'callback refused'],
      ],
    );
    log('info', 'later');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(writes.length, 2);
    assert.equal(JSON.parse(writes[1]!).message, 'later');
  });

  it('writes one JSON object per line, its own time, level and message first and kept', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    const before = Date.now();
    log('info', 'request', {
      request_id: 'r-1',
      status: 200,
      level: 'debug',
      time: 0,
      skip: undefined,
    });
    log('error', 'says "quoted"\n');
    const first = JSON.parse(lines[0]!);
    assert.deepEqual(Object.keys(first), ['time', 'level', 'message', 'request_id', 'status']);
    assert.equal(first.level, 'info');
    assert.ok(Date.parse(first.time) >= before - 1 && Date.parse(first.time) <= Date.now());
    assert.match(first.time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(JSON.parse(lines[1]!).message, 'says "quoted"\n');
    assert.equal(lines[1]!.includes('\n'), false, 'one line each');
  });

  it('writes only lines at or above its least level', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line), 'info');
    log('debug', 'routine read');
    log('info', 'checkout created');
    log('warn', 'callback refused');
    log('error', 'unhandled error');
    assert.deepEqual(
      lines.map((line) => JSON.parse(line).message),
      ['checkout created', 'callback refused', 'unhandled error'],
    );
  });
});
