/**
 * /openapi.json as generated from the routes: valid OpenAPI 3.1 by a validator of the
 * specification, every route the app registers in it and nothing else, each request part from
 * the schema that validates it.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { json, type TestProxy, testProxy, useTestSandbox } from '../testing.test-helpers.ts';

const shared = useTestSandbox();

/** `GET /admin/checkouts/:id` as the document writes it: `get /admin/checkouts/{id}`. */
const operationOf = (method: string, path: string) =>
  `${method.toLowerCase()} ${path.replace(/:([^/{]+)/g, '{$1}')}`;

/** The operations the app answers: its routes less the middleware every route passes through. */
function registered(proxy: TestProxy): string[] {
  const operations = proxy.app.routes
    .filter((route) => route.method !== 'ALL')
    .map((route) => operationOf(route.method, route.path));
  return [...new Set(operations)].sort();
}

function documented(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`))
    .sort();
}

describe('/openapi.json', () => {
  it('is valid OpenAPI 3.1 and lists each route the app registers, and only those', async () => {
    const proxy = testProxy(shared.sandbox);
    const document = await json(await proxy.request('/openapi.json'));
    assert.equal(document.openapi, '3.1.0');
    // The validator dereferences what it is given: it gets a copy.
    const result = await validate(structuredClone(document));
    assert.ok(result.valid, compileErrors(result));
    assert.deepEqual(documented(document), registered(proxy));
    for (const operation of [
      'get /api/config',
      'post /api/checkouts',
      'get /api/checkouts/{id}/events',
      'get /widget/{version}/chunks/{file}',
      'post /callbacks/processing',
      'post /admin/invoices/{foreign_id}/cancel',
      'delete /admin/webhook-endpoints/{id}',
      'get /healthz',
      'get /openapi.json',
    ]) {
      assert.ok(documented(document).includes(operation), operation);
    }
  });

  it('leaves the merchant API out when it is off', async () => {
    const proxy = testProxy(shared.sandbox, { ADMIN_TOKEN: undefined });
    const document = await json(await proxy.request('/openapi.json'));
    assert.deepEqual(documented(document), registered(proxy));
    assert.ok(!documented(document).some((operation) => operation.includes(' /admin/')));
  });

  it('describes each request with the schema that checks it, and the answers it refuses with', async () => {
    const document = await json(await testProxy(shared.sandbox).request('/openapi.json'));
    const { paths, components } = document;
    const create = paths['/api/checkouts'].post;
    assert.deepEqual(create.requestBody.content['application/json'].schema, {
      $ref: '#/components/schemas/CreateCheckout',
    });
    // The body's check, the cross-site guard and the rate limit each add their refusals.
    for (const status of ['201', '400', '403', '413', '415', '422', '429', '503']) {
      assert.ok(create.responses[status], `POST /api/checkouts answers ${status}`);
    }
    assert.equal(create.parameters[0].name, 'Idempotency-Key');
    // The headers the contract relies on are documented, for generated clients to read.
    assert.deepEqual(Object.keys(create.responses['201'].headers), [
      'Location',
      'Idempotent-Replayed',
    ]);
    for (const status of ['429', '502', '504']) {
      assert.equal(create.responses[status].headers['Retry-After'].schema.type, 'integer', status);
    }
    assert.ok(paths['/api/checkouts/{id}'].get.responses['200'].headers.ETag);

    // Every merchant route: the token, and the refusals of a wrong one.
    const list = paths['/admin/checkouts'].get;
    assert.deepEqual(list.security, [{ bearer: [] }, { session: [] }]);
    assert.ok(list.responses['401'] && list.responses['429'] && list.responses['422']);
    const limit = list.parameters.find((parameter: { name: string }) => parameter.name === 'limit');
    assert.match(limit.description, /1 to 200/);
    assert.equal(paths['/api/config'].get.security, undefined);

    // A service refusal passed through is the service's or the proxy's own shape.
    assert.equal(
      paths['/admin/invoices'].post.responses['400'].content['application/json'].schema.anyOf
        .length,
      2,
    );
    const { CreateInvoice, CreateWithdrawal, CreateWebhookEndpoint } = components.schemas;
    assert.equal(CreateInvoice.properties.amount.type, 'number');
    assert.equal(CreateWithdrawal.properties.amount_to.type, 'number');
    assert.deepEqual(CreateWebhookEndpoint.required, ['url']);
    assert.equal(
      paths['/admin/transactions/{id}'].get.parameters.find(
        (parameter: { in: string }) => parameter.in === 'path',
      ).schema.type,
      'integer',
    );
    // The lists paged newest first are the contract's pageOf: one next_before, items by $ref.
    const { schemas } = components;
    for (const [page, item] of Object.entries({
      CheckoutPage: 'MerchantCheckout',
      CallbackPage: 'StoredCallback',
      AttemptPage: 'DeliveryAttempt',
      AuditPage: 'AuditEntry',
      MoneyOperationPage: 'MoneyOperation',
    })) {
      assert.deepEqual(schemas[page].properties.data.items, {
        $ref: `#/components/schemas/${item}`,
      });
      assert.deepEqual(schemas[page].properties.next_before, {
        type: 'string',
        description: 'Present when the page is full: pass it as `before` for the next.',
      });
    }
    assert.deepEqual(
      paths['/admin/webhook-deliveries'].get.responses['200'].content['application/json'].schema,
      { $ref: '#/components/schemas/AttemptPage' },
    );
    assert.ok(document.webhooks.checkout.post.requestBody);
  });
});
