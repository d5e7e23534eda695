import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import { createLogger } from '../process/logger.ts';
import type { AppEnv } from './context.ts';
import { handleError } from './errors.ts';
import { requestLog } from './middleware/request-log.ts';

/** An app whose one route throws `error`, and the lines it logged. */
function throwing(error: unknown) {
  const lines: string[] = [];
  const app = new Hono<AppEnv>()
    .use(requestLog(createLogger((line) => lines.push(line))))
    .get('/boom', () => {
      throw error;
    });
  app.onError(handleError);
  const logged = () =>
    lines.map((line) => JSON.parse(line)).filter((entry) => entry.message === 'unhandled error');
  return { app, logged, lines };
}

describe('unexpected errors', () => {
  it('answer 500 internal_error and log the error text, not only its class', async () => {
    const failure = Object.assign(new TypeError('Cannot read properties of undefined'), {
      code: 'ERR_SOMETHING',
    });
    const { app, logged } = throwing(failure);
    const response = await app.request('/boom');
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), {
      error: 'The proxy failed to handle the request.',
      code: 'internal_error',
    });
    const [entry] = logged();
    assert.equal(entry.level, 'error');
    assert.equal(entry.error, 'TypeError');
    assert.equal(entry.error_code, 'ERR_SOMETHING');
    assert.equal(entry.error_message, 'Cannot read properties of undefined');
    assert.match(entry.error_at, /errors\.test\.ts:\d+:\d+/);
    assert.equal(typeof entry.request_id, 'string');
  });

  it('never log the input a SyntaxError quotes (it may be a body with sender data)', async () => {
    let failure: unknown;
    try {
      JSON.parse('Zebulonia Quixotewright');
    } catch (error) {
      failure = error;
    }
    assert.match(String(failure), /Zebulonia/, 'V8 quotes the input');
    const { app, logged, lines } = throwing(failure);
    assert.equal((await app.request('/boom')).status, 500);
    assert.equal(logged()[0].error, 'SyntaxError');
    assert.ok(!lines.join('\n').includes('Zebulonia'));
  });
});
