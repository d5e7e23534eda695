/**
 * Bad input to every route of the sandbox: processing routes signed right (so validation runs)
 * or wrong, other API versions, the control API, the dashboard and its redirects, and the hosted
 * pages, with random and mutated bodies, headers and encodings. Never a 5xx, every API error
 * `{error, code}` JSON, the process keeps running, and a refused request creates nothing.
 * Its log lines then get the search every stack gets (@crypto-pay/test-kit/stack): the signing
 * secret only in its start-up banner, sender data nowhere.
 *
 * "Every route" is checked, not claimed: the first test builds the sandbox in-process and
 * compares its registered routes (Hono's `app.routes`) with the routes the generators name, and
 * the fuzz run matches each request to the route that answers it and wants every registered
 * route reached. Each generator gets a fixed share of the runs, so the reach checks (signed
 * calls past the signature and content checks, into validation) rest on set counts.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { signedHeadersSync } from '@crypto-pay/protocol/node';
import { assertWellFormed, DEEPLY_NESTED, sendFuzz, Tally } from '@crypto-pay/test-kit/fuzz';
import { send } from '@crypto-pay/test-kit/http';
import { sandboxLogLeaks } from '@crypto-pay/test-kit/leaks';
import type { ServerProcess } from '@crypto-pay/test-kit/process';
import { sandboxDriver } from '@crypto-pay/test-kit/sandbox-driver';
import { startSandboxProcess } from '@crypto-pay/test-kit/servers';
import fc from 'fast-check';
import { endpointFor, sandboxEndpoints, sharesOf } from './fuzz-routes.ts';
import { invoice, paymentRequest } from './fuzz-sandbox-bodies.ts';
import {
  KEY,
  type SandboxRequest,
  SECRET,
  sandboxRoutes,
  type Target,
} from './fuzz-sandbox-requests.ts';

const LONG = process.env.RELIABILITY_LONG === '1';
const RUNS = LONG ? 20_000 : 600;
/** Requests each registered route must get (the smallest share is 16 in the default run). */
const MIN_HITS = 3;
/** The pipeline's refusals: key, signature, content format, API version, account switches. */
const PIPELINE_STATUS = 403;

const credentials = { apiKey: KEY, signingSecret: SECRET };
let sandbox: ServerProcess;
let target: Target;
before(async () => {
  sandbox = await startSandboxProcess({ built: true, credentials });
  target = await createTarget();
});
after(() => sandbox?.stop());

/** A real payment request and invoice, so the pages and the cancel route see existing ones. */
async function createTarget(): Promise<Target> {
  const created = await sandboxKit().payments('/requests', JSON.stringify(paymentRequest));
  assert.equal(created.status, 200, created.text);
  const invoiceForeignId = 'fuzz-real-invoice';
  const invoiced = await sandboxKit().general(
    '/invoices/create',
    JSON.stringify({ ...invoice, foreign_id: invoiceForeignId }),
  );
  assert.equal(invoiced.status, 201, invoiced.text);
  const { data } = created.json as { data: { id: string } };
  return { paymentRequestId: data.id, invoiceForeignId };
}

/** The test kit's sandbox driver over real HTTP (the sandbox process starts in `before`). */
const sandboxKit = () => sandboxDriver(sandbox.url, credentials, send);

const count = async (path: string) =>
  ((await sandboxKit().control(`/${path}`)).json as unknown[]).length;

/** Puts back what a fuzzed control call may have changed: faults, switches, callback URL. */
async function resetControls() {
  await sandboxKit().control('/faults', {});
  await sandboxKit().control('/merchant', {
    client_enabled: true,
    merchant_enabled: true,
    callback_url: null,
  });
}

test('the fuzzed routes are exactly the routes the sandbox registers', () => {
  const registered = sandboxEndpoints().map((endpoint) => endpoint.key);
  const named = sandboxRoutes(target).flatMap((route) => route.endpoints);
  assert.ok(registered.length >= 25, `only ${registered.length} routes found`);
  assert.deepEqual([...new Set(named)].sort(), registered.sort());
});

test(`${RUNS} fuzzed requests over every sandbox route: no 5xx, JSON errors, nothing created`, async (t) => {
  const endpoints = sandboxEndpoints();
  const routes = sandboxRoutes(target);
  const shares = sharesOf(routes, RUNS, 10);
  const created = {
    'payment-requests': await count('payment-requests'),
    invoices: await count('invoices'),
    withdrawals: await count('withdrawals'),
  };
  const statuses = new Tally();
  const hits = new Tally();
  const reach = new Tally();

  const check = async (request: SandboxRequest) => {
    const answer = await sendFuzz(sandbox.url, request);
    const { status } = answer;
    const what = `${request.method} ${request.path.slice(0, 200)} answered ${status}: ${answer.text.slice(0, 300)}`;
    statuses.add(`${status}`);
    hits.add(endpointFor(endpoints, request)?.key ?? 'none');
    const isPage = /^\/(pay|invoice)\//.test(request.path);
    if (isPage) assert.ok(status < 500, what);
    else assertWellFormed(request, answer);

    if (request.signed === false) assert.equal(status, PIPELINE_STATUS, what);
    if (request.signed && request.wellFormed) {
      assert.notEqual(status, PIPELINE_STATUS, `a signed JSON call was refused: ${what}`);
      if (status !== PIPELINE_STATUS) reach.add('signed call past the pipeline');
      if (status === 422) reach.add('signed call refused by validation (422)');
    }
    if (isPage && request.method === 'GET' && status === 200) reach.add('hosted page shown');
    if (status < 300 && request.path === '/api/payments/v1/requests') created['payment-requests']++;
    if (status < 300 && request.path === '/api/v2/invoices/create') created.invoices++;
    if (status < 300 && request.path === '/api/v2/withdrawal/crypto') created.withdrawals++;
    if (request.path.startsWith('/_sandbox/') && request.method === 'POST') await resetControls();
  };

  for (const route of routes) {
    await fc.assert(fc.asyncProperty(route.request, check), {
      numRuns: shares.get(route.name) ?? 0,
      includeErrorInReport: true,
    });
  }

  t.diagnostic(`statuses: ${statuses}`);
  t.diagnostic(`reach: ${reach}`);
  t.diagnostic(`requests per registered route: ${hits}`);
  assert.equal(sandbox.child.exitCode, null, 'the sandbox is still running');
  for (const endpoint of endpoints) {
    assert.ok(hits.get(endpoint.key) >= MIN_HITS, `${endpoint.key}: ${hits.get(endpoint.key)}`);
  }
  // Three processing calls in five are signed right, and about 60% of those carry a JSON object
  // (35% of all calls got past the pipeline and 20% were refused by validation in trial runs):
  // an eighth and a twentieth are far out of reach of chance.
  const processing = routes
    .filter((route) => route.name.includes(' /api/'))
    .reduce((sum, route) => sum + (shares.get(route.name) ?? 0), 0);
  const minimums: Record<string, number> = {
    'signed call past the pipeline': Math.floor(processing / 8),
    'signed call refused by validation (422)': Math.floor(processing / 20),
    // Two page paths in five name the real payment request or invoice (of about 32).
    'hosted page shown': 1,
  };
  for (const [what, least] of Object.entries(minimums)) {
    assert.ok(reach.get(what) >= least, `${what}: ${reach.get(what)} < ${least}`);
  }
  for (const [kind, n] of Object.entries(created)) {
    assert.equal(await count(kind), n, `${kind}: only accepted requests create records`);
  }
});

test('deeply nested JSON is refused with a 4xx on the processing routes', async () => {
  for (const body of DEEPLY_NESTED) {
    for (const [method, path] of [
      ['POST', '/api/payments/v1/requests'],
      ['POST', '/api/v2/accounts/list'],
      ['GET', '/api/v2/transactions/info'],
    ] as const) {
      const headers = {
        'Content-Type': 'application/json',
        ...signedHeadersSync(KEY, SECRET, body),
      };
      const answer = await send(`${sandbox.url}${path}`, { method, headers, body });
      assertWellFormed({ method, path, headers }, answer);
    }
  }
});

test('the sandbox logged the signing secret only in its banner, and no sender data', async () => {
  // Stopped first, so its last lines are in.
  await sandbox.stop();
  // The banner shows the secret: the search below reads the lines it should.
  assert.ok(
    sandbox.lines.some((line) => line.text.includes(SECRET)),
    'the banner is in the log',
  );
  assert.deepEqual(sandboxLogLeaks(sandbox, SECRET), []);
});
