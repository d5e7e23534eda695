/**
 * Every operation against a real server: the exact bytes on the wire, the headers, the path,
 * a signature checked with node:crypto, and the parsed answer.
 */

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { signBody } from '@crypto-pay/protocol';
import { signBodySync } from '@crypto-pay/protocol/node';
import {
  balancesAnswer,
  currenciesAnswer,
  invoiceAnswer,
  invoiceInput,
  paymentRequestAnswer,
  paymentRequestInput,
  transactionAnswer,
  withdrawalAnswer,
  withdrawalInput,
} from './fixtures.test-helpers.ts';
import {
  API_KEY,
  clientFor,
  type RecordedRequest,
  type RecordingServer,
  SIGNING_SECRET,
  startRecordingServer,
} from './recording-server.test-helpers.ts';

let server: RecordingServer;
before(async () => {
  server = await startRecordingServer();
});
after(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

/** The one request the server saw, after checking what every request must carry. */
function onlyRequest(): RecordedRequest {
  assert.equal(server.requests.length, 1);
  const request = server.requests[0]!;
  assert.equal(request.headers['content-type'], 'application/json');
  assert.equal(request.headers['x-processing-key'], API_KEY);
  assert.equal(
    request.headers['x-processing-signature'],
    signBodySync(SIGNING_SECRET, request.body),
  );
  assert.equal(request.headers['content-length'], String(request.body.byteLength));
  return request;
}

describe('the published signing vector', () => {
  const body = '{"currency":"BTC","foreign_id":"123456"}';
  const signature =
    '03c25fcf7cd35e7d995e402cd5d51edd72d48e1471e865907967809a0c189ba55b90815f20e2bb10f82c7a9e9d865546fda58989c2ae9e8e2ff7bc29195fa1ec';

  test('the signer these tests check with reproduces it', () => {
    assert.equal(signBodySync('AbCdEfG123456', body), signature);
  });

  test('the client signs a body with the vector secret to the vector signature', async () => {
    const vectorServer = await startRecordingServer();
    try {
      vectorServer.reply({ status: 200, json: transactionAnswer });
      const client = clientFor(vectorServer.origin, { signingSecret: 'AbCdEfG123456' });
      // Same keys, same order as the vector's body, minus `currency` which lookups do not take.
      await client.getTransaction({ foreign_id: '123456' });
      const [request] = vectorServer.requests;
      assert.equal(request!.body.toString(), '{"foreign_id":"123456"}');
      assert.equal(
        request!.headers['x-processing-signature'],
        signBodySync('AbCdEfG123456', '{"foreign_id":"123456"}'),
      );
    } finally {
      await vectorServer.close();
    }
  });
});

describe('createPaymentRequest', () => {
  test('posts the validated body to {payments_base_url}/requests and returns data', async () => {
    server.reply({ status: 200, json: paymentRequestAnswer });
    const created = await clientFor(server.origin).createPaymentRequest(paymentRequestInput);
    const request = onlyRequest();
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/payments/v1/requests');
    assert.equal(
      request.body.toString(),
      '{"amount":"100.00","currency":{"iso":"EUR"},"life_time_duration":3600,' +
        '"end_user_reference":"customer-1","sender_type":"natural",' +
        '"sender_data":{"first_name":"Zebulonia","last_name":"Quixotewright","date_of_birth":"1984-02-29"},' +
        '"foreign_id":"order-1","url_success":"https://shop.example/ok"}',
    );
    assert.deepEqual(created, paymentRequestAnswer.data);
  });

  test('signs and sends non-ASCII text as its UTF-8 bytes', async () => {
    server.reply({ status: 200, json: paymentRequestAnswer });
    await clientFor(server.origin).createPaymentRequest({
      ...paymentRequestInput,
      sender_data: { first_name: 'Zoë', last_name: 'Ørsted', date_of_birth: '1990-12-10' },
      description: 'Café ☕ order',
    });
    const request = onlyRequest();
    assert.match(request.body.toString('utf8'), /"first_name":"Zoë","last_name":"Ørsted"/);
    assert.match(request.body.toString('utf8'), /"description":"Café ☕ order"/);
    // Signed with node:crypto: the same signature as the protocol's Web Crypto `signBody`.
    assert.equal(
      request.headers['x-processing-signature'],
      await signBody(SIGNING_SECRET, request.body),
    );
  });
});

describe('listBalances and listCurrencies', () => {
  test('listBalances posts {} to {base_url}/accounts/list and returns the entries', async () => {
    server.reply({ status: 200, json: balancesAnswer });
    const balances = await clientFor(server.origin).listBalances();
    const request = onlyRequest();
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/v2/accounts/list');
    assert.equal(request.body.toString(), '{}');
    assert.deepEqual(balances, balancesAnswer.data);
  });

  test('listCurrencies posts {} to {base_url}/currencies/list and returns the entries', async () => {
    server.reply({ status: 200, json: currenciesAnswer });
    const currencies = await clientFor(server.origin).listCurrencies();
    const request = onlyRequest();
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/v2/currencies/list');
    assert.equal(request.body.toString(), '{}');
    assert.deepEqual(currencies, currenciesAnswer.data);
  });

  test('a base URL with a trailing slash gives the same paths', async () => {
    server.reply({ status: 200, json: balancesAnswer });
    await clientFor(server.origin, { baseUrl: `${server.origin}/api/v2/` }).listBalances();
    assert.equal(onlyRequest().path, '/api/v2/accounts/list');
  });
});

describe('createInvoice', () => {
  test('writes a satoshi amount as the JSON number 0.00000001, never 1e-8', async () => {
    server.reply({ status: 201, json: invoiceAnswer });
    const invoice = await clientFor(server.origin).createInvoice(invoiceInput('0.00000001'));
    const request = onlyRequest();
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/v2/invoices/create');
    assert.equal(
      request.body.toString(),
      '{"end_user_reference":"customer-1","timer":true,"title":"Order 1",' +
        '"foreign_id":"invoice-1","currency":"BTC","amount":0.00000001,' +
        '"url_success":"https://shop.example/ok","url_failed":"https://shop.example/failed",' +
        '"email_user":"ada@example.com","sender_type":"natural",' +
        '"sender_data":{"first_name":"Zebulonia","last_name":"Quixotewright","date_of_birth":"1984-02-29"}}',
    );
    assert.deepEqual(invoice, invoiceAnswer.data);
  });

  test('keeps every digit of an 18-digit amount', async () => {
    server.reply({ status: 201, json: invoiceAnswer });
    await clientFor(server.origin).createInvoice(invoiceInput('123456789.123456789'));
    assert.match(onlyRequest().body.toString(), /"amount":123456789\.123456789,/);
  });

  test('keeps trailing zeros as written', async () => {
    server.reply({ status: 201, json: invoiceAnswer });
    await clientFor(server.origin).createInvoice(invoiceInput('25.10'));
    assert.match(onlyRequest().body.toString(), /"amount":25\.10,/);
  });
});

describe('cancelInvoice', () => {
  test('posts {} to the route with its trailing slash and resolves on []', async () => {
    server.reply({ status: 200, json: [] });
    const result = await clientFor(server.origin).cancelInvoice('invoice-1');
    const request = onlyRequest();
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/v2/invoices/invoice-1/cancel/');
    assert.equal(request.body.toString(), '{}');
    assert.equal(result, undefined);
  });

  test('URL-encodes the foreign_id so it stays one path segment', async () => {
    server.reply({ status: 200, json: [] });
    await clientFor(server.origin).cancelInvoice('a/b c?d#e');
    assert.equal(onlyRequest().path, '/api/v2/invoices/a%2Fb%20c%3Fd%23e/cancel/');
  });
});

describe('createWithdrawal', () => {
  test('posts to {base_url}/withdrawal/crypto with the amount as a JSON number', async () => {
    server.reply({ status: 201, json: withdrawalAnswer });
    const withdrawal = await clientFor(server.origin).createWithdrawal(withdrawalInput);
    const request = onlyRequest();
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/api/v2/withdrawal/crypto');
    assert.equal(
      request.body.toString(),
      '{"currency":"BTC","amount":0.50000000,"address":"bc1qexampleaddress",' +
        '"foreign_id":"withdrawal-1","end_user_reference":"customer-1","sender_type":"legal",' +
        '"sender_data":{"legal_name":"Xylocarp Umbrage Holdings","country_of_registration":"NLD"},' +
        '"receiver_type":"self"}',
    );
    assert.deepEqual(withdrawal, withdrawalAnswer.data);
  });

  test('writes amount_to as a JSON number too, and leaves amount out', async () => {
    server.reply({ status: 201, json: withdrawalAnswer });
    const { amount: _, ...rest } = withdrawalInput;
    await clientFor(server.origin).createWithdrawal({
      ...rest,
      convert_to: 'USDT',
      amount_to: '1234567890.12345678',
    });
    const body = onlyRequest().body.toString();
    assert.match(body, /"convert_to":"USDT","amount_to":1234567890\.12345678}$/);
    assert.doesNotMatch(body, /"amount":/);
  });
});

describe('getTransaction', () => {
  test('sends GET /transactions/info with a signed JSON body (by id)', async () => {
    server.reply({ status: 200, json: transactionAnswer });
    const transaction = await clientFor(server.origin).getTransaction({ id: 42 });
    const request = onlyRequest();
    assert.equal(request.method, 'GET');
    assert.equal(request.path, '/api/v2/transactions/info');
    assert.equal(request.body.toString(), '{"id":42}');
    assert.deepEqual(transaction, transactionAnswer);
  });

  test('looks up by foreign_id', async () => {
    server.reply({ status: 200, json: transactionAnswer });
    await clientFor(server.origin).getTransaction({ foreign_id: '123456' });
    const request = onlyRequest();
    assert.equal(request.method, 'GET');
    assert.equal(request.body.toString(), '{"foreign_id":"123456"}');
  });

  test('takes node:http for the GET body even when a fetch is supplied', async () => {
    server.reply({ status: 200, json: transactionAnswer });
    let fetchCalls = 0;
    const countingFetch: typeof fetch = (input, init) => {
      fetchCalls++;
      return fetch(input, init);
    };
    await clientFor(server.origin, { fetch: countingFetch }).getTransaction({ id: 42 });
    assert.equal(onlyRequest().body.toString(), '{"id":42}');
    assert.equal(fetchCalls, 0);
  });
});

describe('with a supplied fetch', () => {
  test('POST operations go through it and send the same signed bytes', async () => {
    server.reply({ status: 201, json: invoiceAnswer });
    let fetchCalls = 0;
    const countingFetch: typeof fetch = (input, init) => {
      fetchCalls++;
      return fetch(input, init);
    };
    await clientFor(server.origin, { fetch: countingFetch }).createInvoice(
      invoiceInput('0.00000001'),
    );
    assert.equal(fetchCalls, 1);
    assert.match(onlyRequest().body.toString(), /"amount":0\.00000001,/);
  });
});
