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
});
