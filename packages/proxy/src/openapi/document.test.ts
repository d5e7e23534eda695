/**
 * /openapi.json against behaviour: every answer the routes give below (each status their own
 * tests produce, the service's refusals included) is documented for its route, and its body
 * fits the documented schema.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAYMENT_REQUEST_STATUSES } from '@crypto-pay/protocol';
import { checkoutBody } from '@crypto-pay/test-kit/checkouts';
import { LEGAL_SENDER, SENDER, SENDER_EMAIL } from '@crypto-pay/test-kit/senders';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../store/sqlite.ts';
import {
  adminHeaders,
  deliverCallback,
  json,
  type TestProxy,
  testProxy,
  useTestSandbox,
} from '../testing.test-helpers.ts';

const shared = useTestSandbox();

type Schema = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the document is read as loose JSON.
type Document = any;

/**
 * The problems of `value` against a JSON Schema: the keywords the document uses for shapes
 * (type, enum, const, required, properties, additionalProperties, items, anyOf, oneOf, $ref).
 * Formats, patterns and lengths are the validating zod schemas' business, not the document's.
 */
function problems(document: Document, schema: Schema, value: unknown, at = '$'): string[] {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    assert.ok(document.components.schemas[name], `${schema.$ref} is defined`);
    return problems(document, document.components.schemas[name], value, at);
  }
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const each = alternatives.map((option) => problems(document, option, value, at));
    return each.some((found) => found.length === 0)
      ? []
      : [`${at}: fits none of ${alternatives.length} alternatives (${each.flat().join('; ')})`];
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) {
    return [`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`];
  }
  if ('const' in schema && schema.const !== value) return [`${at}: is not ${schema.const}`];
  if (schema.type !== undefined) {
    const types = [schema.type].flat() as string[];
    const actual =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : Number.isInteger(value)
            ? 'integer'
            : typeof value;
    const fits = types.includes(actual) || (actual === 'integer' && types.includes('number'));
    if (!fits) return [`${at}: is ${actual}, documented ${types.join(' or ')}`];
  }
  const found: string[] = [];
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => {
      found.push(...problems(document, schema.items as Schema, item, `${at}[${index}]`));
    });
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const name of (schema.required as string[] | undefined) ?? []) {
      if (!(name in object)) found.push(`${at}: lacks required ${name}`);
    }
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const [name, item] of Object.entries(object)) {
      const property = properties[name] ?? schema.additionalProperties;
      if (property === false) found.push(`${at}: has undocumented ${name}`);
      else if (property && typeof property === 'object') {
        found.push(...problems(document, property as Schema, item, `${at}.${name}`));
      }
    }
  }
  return found;
}

/** Asserts `response` is documented for `method path` and its body fits the schema. */
async function holds(document: Document, method: string, path: string, response: Response) {
  const operation = document.paths[path]?.[method];
  assert.ok(operation, `${method.toUpperCase()} ${path} is documented`);
  const answer = operation.responses[response.status];
  assert.ok(
    answer,
    `${method.toUpperCase()} ${path} answered ${response.status}, which is not documented`,
  );
  const schema = answer.content?.['application/json']?.schema;
  if (!schema) return;
  assert.notDeepEqual(schema, {}, `${method.toUpperCase()} ${path} ${response.status}: a schema`);
  const body = await json(response);
  assert.deepEqual(
    problems(document, schema, body),
    [],
    `${method.toUpperCase()} ${path} ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
  );
}

const invoiceJson = (foreignId: string, amount = '0.0015') =>
  `{"end_user_reference":"customer-42","timer":false,"title":"Order","foreign_id":"${foreignId}",
  "currency":"BTC","amount":${amount},"url_success":"https://shop.example/ok",
  "url_failed":"https://shop.example/ko","email_user":"${SENDER_EMAIL}","sender_type":"natural",
  "sender_data":${JSON.stringify(SENDER.sender_data)}}`;

const withdrawalJson = (foreignId: string) =>
  `{"currency":"BTC","amount":0.001,"address":"tb1qexampleaddress000000000000000000000",
  "foreign_id":"${foreignId}","end_user_reference":"customer-42","sender_type":"legal",
  "sender_data":${JSON.stringify(LEGAL_SENDER.sender_data)},"receiver_type":"self"}`;

function caller(proxy: TestProxy) {
  return {
    get: (path: string, headers: Record<string, string> = adminHeaders) =>
      proxy.request(path, { headers }),
    post: (path: string, body: string, headers: Record<string, string> = adminHeaders) =>
      proxy.request(path, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body,
      }),
  };
}

describe('/openapi.json against the routes', { timeout: 30_000 }, () => {
  it('documents every status and body the merchant API answers', async () => {
    const proxy = testProxy(shared.sandbox);
    const document = await json(await proxy.request('/openapi.json'));
    const { get, post } = caller(proxy);
    // A proxy whose own credentials the service refuses: the service's 403 passes through.
    const refused = caller(testProxy(shared.sandbox, { PROCESSING_API_KEY: 'not-the-key' }));

    const session = '{"amount":"42.00","currency":"EUR","description":"Order 77"}';
    const sessions = '/admin/checkout-sessions';
    await holds(document, 'post', sessions, await post(sessions, session));
    await holds(document, 'post', sessions, await post(sessions, '{"amount":"42.00"}'));
    const withOrder = '{"amount":"42.00","currency":"EUR","foreign_id":"oa-order-1"}';
    await holds(document, 'post', sessions, await post(sessions, withOrder));
    const taken = await post(sessions, withOrder);
    assert.equal(taken.status, 409);
    await holds(document, 'post', sessions, taken);
    await holds(document, 'post', sessions, await post(sessions, '{'));
    await holds(document, 'post', sessions, await post(sessions, session, {}));
    const refusal = await refused.post(sessions, session);
    assert.equal(refusal.status, 403);
    await holds(document, 'post', sessions, refusal);

    for (const path of ['/admin/balances', '/admin/currencies']) {
      await holds(document, 'get', path, await get(path));
      await holds(document, 'get', path, await refused.get(path));
    }

    const invoices = '/admin/invoices';
    await holds(document, 'post', invoices, await post(invoices, invoiceJson('oa-inv-1')));
    const duplicate = await post(invoices, invoiceJson('oa-inv-1'));
    assert.equal(duplicate.status, 400);
    await holds(document, 'post', invoices, duplicate);
    const amountText = await post(invoices, invoiceJson('oa-inv-2', '"0.0015"'));
    assert.deepEqual(await json(amountText.clone()), {
      error: 'The amount must be a number.',
      code: 'invalid_request',
      field: 'amount',
    });
    await holds(document, 'post', invoices, amountText);
    await holds(document, 'post', invoices, await refused.post(invoices, invoiceJson('oa-inv-3')));

    const cancel = '/admin/invoices/{foreign_id}/cancel';
    await holds(document, 'post', cancel, await post('/admin/invoices/oa-inv-1/cancel', '{}'));
    const twice = await post('/admin/invoices/oa-inv-1/cancel', '{}');
    assert.equal(twice.status, 409);
    await holds(document, 'post', cancel, twice);
    const unknown = await post('/admin/invoices/no-such-invoice/cancel', '{}');
    assert.equal(unknown.status, 404);
    await holds(document, 'post', cancel, unknown);

    const withdrawals = '/admin/withdrawals';
    await holds(document, 'post', withdrawals, await post(withdrawals, withdrawalJson('oa-wd-1')));
    await holds(document, 'post', withdrawals, await post(withdrawals, '{}'));

    const byForeignId = await get('/admin/transactions?foreign_id=oa-wd-1');
    const transaction = await json(byForeignId.clone());
    await holds(document, 'get', '/admin/transactions', byForeignId);
    await holds(document, 'get', '/admin/transactions', await get('/admin/transactions'));
    await holds(
      document,
      'get',
      '/admin/transactions',
      await get('/admin/transactions?foreign_id=nothing-here'),
    );
    const byId = '/admin/transactions/{id}';
    await holds(document, 'get', byId, await get(`/admin/transactions/${transaction.id}`));
    await holds(document, 'get', byId, await get('/admin/transactions/99999'));
    await holds(document, 'get', byId, await get('/admin/transactions/abc'));
    await holds(document, 'get', byId, await get('/admin/transactions/4?verbose=1'));
  });

  it('documents the webhook routes and the events they list', async () => {
    const proxy = testProxy(shared.sandbox);
    const document = await json(await proxy.request('/openapi.json'));
    const { get, post } = caller(proxy);
    const del = (path: string) => proxy.request(path, { method: 'DELETE', headers: adminHeaders });
    const endpoints = '/admin/webhook-endpoints';
    const created = await post(
      endpoints,
      '{"url":"https://shop.example/hooks","event_types":["checkout.paid"]}',
    );
    assert.equal(created.status, 201);
    const { id } = await json(created.clone());
    await holds(document, 'post', endpoints, created);
    await holds(
      document,
      'post',
      endpoints,
      await post(endpoints, '{"url":"http://shop.example/hooks"}'),
    );
    await holds(document, 'post', endpoints, await post(endpoints, '{'));
    await holds(document, 'get', endpoints, await get(endpoints));
    const rotate = '/admin/webhook-endpoints/{id}/rotate-secret';
    await holds(document, 'post', rotate, await post(`${endpoints}/${id}/rotate-secret`, '{}'));
    await holds(document, 'post', rotate, await post(`${endpoints}/env/rotate-secret`, '{}'));
    await holds(document, 'post', rotate, await post(`${endpoints}/whe_none/rotate-secret`, '{}'));
    await holds(document, 'get', endpoints, await get(endpoints));
    const one = '/admin/webhook-endpoints/{id}';
    await holds(document, 'delete', one, await del(`${endpoints}/${id}`));
    await holds(document, 'delete', one, await del(`${endpoints}/${id}`));
    await holds(document, 'delete', one, await del(`${endpoints}/env`));

    const checkout = await proxy.createCheckout(checkoutBody());
    assert.equal(checkout.status, 201);
    const events = await get('/admin/events?limit=1');
    const [event] = (await json(events.clone())).data;
    assert.equal(event.type, 'checkout.created');
    await holds(document, 'get', '/admin/events', events);
    await holds(document, 'get', '/admin/events', await get('/admin/events?after=nope'));
    const redeliver = '/admin/events/{id}/redeliver';
    // No endpoint is left to take it (409), then one is.
    const again = () => post(`/admin/events/${event.id}/redeliver`, '');
    await holds(document, 'post', redeliver, await again());
    await post(endpoints, JSON.stringify({ url: 'https://shop.example/all' }));
    const queued = await again();
    assert.equal(queued.status, 202);
    await holds(document, 'post', redeliver, queued);
    await holds(document, 'post', redeliver, await post('/admin/events/evt_x/redeliver', ''));
    const deliveries = '/admin/webhook-deliveries';
    await holds(document, 'get', deliveries, await get(deliveries));
    await holds(document, 'get', deliveries, await get(`${deliveries}?limit=0`));
    assert.ok(document.webhooks.checkout.post.requestBody);
  });

  it('documents the checkout list and the callback log, with their query parameters', async () => {
    const proxy = testProxy(shared.sandbox);
    const document = await json(await proxy.request('/openapi.json'));
    const { get } = caller(proxy);
    const names = (path: string) =>
      document.paths[path].get.parameters.map((parameter: { name: string }) => parameter.name);
    assert.deepEqual(names('/admin/checkouts').sort(), ['before', 'foreign_id', 'limit', 'status']);
    assert.deepEqual(names('/admin/callbacks').sort(), ['foreign_id', 'limit', 'type']);
    const status = document.paths['/admin/checkouts'].get.parameters.find(
      (parameter: { name: string }) => parameter.name === 'status',
    );
    assert.deepEqual(status.schema.enum, [...PAYMENT_REQUEST_STATUSES]);

    for (const _ of [1, 2]) {
      await proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() });
    }
    const firstPage = await get('/admin/checkouts?limit=1');
    const { next_before } = await json(firstPage.clone());
    assert.equal(typeof next_before, 'string');
    await holds(document, 'get', '/admin/checkouts', firstPage);
    await holds(
      document,
      'get',
      '/admin/checkouts',
      await get(`/admin/checkouts?status=created&before=${next_before}`),
    );
    await holds(document, 'get', '/admin/checkouts', await get('/admin/checkouts?status=won'));
    await holds(document, 'get', '/admin/checkouts', await get('/admin/checkouts', {}));
    await holds(document, 'get', '/admin/checkouts', await get('/admin/checkouts?sort=new'));
    const { data } = await json(await get('/admin/checkouts?limit=1'));
    const one = '/admin/checkouts/{id}';
    await holds(document, 'get', one, await get(`/admin/checkouts/${data[0].id}`));
    await holds(document, 'get', one, await get('/admin/checkouts/nope'));
    await holds(document, 'get', one, await get(`/admin/checkouts/${data[0].id}`, {}));
    await holds(document, 'get', one, await get(`/admin/checkouts/${data[0].id}?expand=all`));
    const byOrder = await get(`/admin/checkouts?foreign_id=${data[0].foreign_id}`);
    assert.equal((await json(byOrder.clone())).data.length, 1);
    await holds(document, 'get', '/admin/checkouts', byOrder);

    const invoiceCallback = JSON.stringify({
      type: 'invoice',
      id: 77,
      foreign_id: 'oa-inv-9',
      status: 'confirmed',
      currency: 'EUR',
      amount: '10.00000000',
    });
    const delivered = await deliverCallback(proxy, invoiceCallback);
    assert.equal(delivered.status, 200);
    await holds(document, 'post', '/callbacks/processing', delivered);
    const log = await get('/admin/callbacks?type=invoice&limit=5');
    assert.equal((await json(log.clone())).data.length, 1);
    await holds(document, 'get', '/admin/callbacks', log);
    await holds(document, 'get', '/admin/callbacks', await get('/admin/callbacks?limit=0'));
  });

  it('documents the widget’s answers and the operations routes', async () => {
    const proxy = testProxy(shared.sandbox, { ALLOWED_ORIGINS: 'https://shop.example' });
    const document = await json(await proxy.request('/openapi.json'));
    await holds(document, 'get', '/api/config', await proxy.request('/api/config'));
    const created = await proxy.request('/api/checkouts', { method: 'POST', json: checkoutBody() });
    const checkout = await json(created.clone());
    await holds(document, 'post', '/api/checkouts', created);
    await holds(
      document,
      'post',
      '/api/checkouts',
      await proxy.request('/api/checkouts', { method: 'POST', json: { product: 'kettle' } }),
    );
    const foreign = { Origin: 'https://evil.example', 'Content-Type': 'application/json' };
    for (const headers of [foreign, { 'Content-Type': 'text/plain' }]) {
      const refused = await proxy.request('/api/checkouts', {
        method: 'POST',
        headers,
        body: JSON.stringify(checkoutBody()),
      });
      await holds(document, 'post', '/api/checkouts', refused);
    }
    const read = '/api/checkouts/{id}';
    await holds(document, 'get', read, await proxy.request(`/api/checkouts/${checkout.id}`));
    await holds(document, 'get', read, await proxy.request('/api/checkouts/nope'));

    const { post } = caller(proxy);
    const session = await json(
      await post('/admin/checkout-sessions', '{"amount":"42.00","currency":"EUR"}'),
    );
    const price = '/api/sessions/{token}';
    await holds(document, 'get', price, await proxy.request(`/api/sessions/${session.session}`));
    await holds(document, 'get', price, await proxy.request('/api/sessions/cps_unknown'));
    await holds(document, 'get', '/healthz', await proxy.request('/healthz'));
    await holds(document, 'get', '/readyz', await proxy.request('/readyz'));
  });

  it('documents 503 store_unavailable where a read of the store fails', async () => {
    // SQLite's own error, as an I/O failure of the disk raises it on every read.
    const failing = openSqliteStore(':memory:');
    const ioError = async (): Promise<never> => {
      throw new Database.SqliteError('disk I/O error', 'SQLITE_IOERR');
    };
    failing.getCheckout = ioError;
    failing.listCheckouts = ioError;
    failing.listCallbacks = ioError;
    failing.openSession = ioError;
    const proxy = testProxy(shared.sandbox, {}, { store: failing });
    const document = await json(await proxy.request('/openapi.json'));
    const { get } = caller(proxy);
    const id = 'A'.repeat(22);
    const reads: [string, Response][] = [
      ['/admin/checkouts', await get('/admin/checkouts')],
      ['/admin/checkouts/{id}', await get(`/admin/checkouts/${id}`)],
      ['/admin/callbacks', await get('/admin/callbacks')],
      ['/api/checkouts/{id}', await proxy.request(`/api/checkouts/${id}`)],
      ['/api/checkouts/{id}/events', await proxy.request(`/api/checkouts/${id}/events`)],
      ['/api/sessions/{token}', await proxy.request('/api/sessions/cps_anything')],
    ];
    for (const [path, response] of reads) {
      assert.equal(response.status, 503, path);
      assert.deepEqual(await json(response.clone()), {
        error: 'The proxy could not read its store. Try again later.',
        code: 'store_unavailable',
      });
      await holds(document, 'get', path, response);
    }
  });

  it('describes amounts sent as JSON numbers as numbers', async () => {
    const document = await json(await testProxy(shared.sandbox).request('/openapi.json'));
    const { CreateInvoice, CreateWithdrawal } = document.components.schemas;
    assert.equal(CreateInvoice.properties.amount.type, 'number');
    assert.equal(CreateInvoice.properties.amount.anyOf, undefined);
    assert.equal(CreateWithdrawal.properties.amount.type, 'number');
    assert.equal(CreateWithdrawal.properties.amount_to.type, 'number');
  });
});
