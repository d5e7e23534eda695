/**
 * The check every in-process route test's answers pass through (`assertDocumented`, called by
 * the test proxy's `request`) refuses what a merchant's generated client would trip over: a
 * body its schema does not describe, a status or a media type not listed for its route.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { assertDocumented } from './documented-answers.test-helpers.ts';
import { ok } from './operations.ts';

/** `GET /orders/:id`, documented as answering `{"id"}` with 200 only; `:id` picks what it sends. */
const app = new Hono().get(
  '/orders/:id',
  describeRoute({
    responses: {
      200: ok('The order', {
        type: 'object',
        required: ['id'],
        additionalProperties: false,
        properties: { id: { type: 'string' } },
      }),
    },
  }),
  (c) => {
    const id = c.req.param('id');
    if (id === 'renamed') return c.json({ order_id: id });
    if (id === 'gone') return c.json({ id }, 410);
    if (id === 'text') return c.text(id);
    return c.json({ id });
  },
);

async function check(path: string): Promise<void> {
  const response = await app.request(path);
  await assertDocumented(app, 'GET', path, response, await response.text());
}

describe('answers held to /openapi.json', () => {
  it('passes an answer as documented, and one of no route (the app’s 404)', async () => {
    await check('/orders/7?expand=none');
    await check('/nothing/here');
  });

  it('fails a body whose required field the document names otherwise', async () => {
    await assert.rejects(
      check('/orders/renamed'),
      /GET \/orders\/\{id\} answered 200 with a body .*must have required property 'id'/,
    );
  });

  it('fails a status, or a media type, the document does not list for the route', async () => {
    await assert.rejects(
      check('/orders/gone'),
      /GET \/orders\/\{id\} answered 410, which \/openapi.json does not list/,
    );
    await assert.rejects(
      check('/orders/text'),
      /answered 200 as text\/plain, which \/openapi.json does not list/,
    );
  });
});
