/**
 * verifyCallback accepts exactly the callbacks signed over the bytes received with the
 * merchant's key, and refuses everything else with a reason.
 */

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { createServer } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import type { PaymentRequestCallback } from '@crypto-pay/protocol';
import { signBodySync, signedHeadersSync } from '@crypto-pay/protocol/node';
import { createProcessingClient } from './client.ts';
import { type CallbackRejection, CallbackVerificationError } from './errors.ts';
import { API_KEY, SIGNING_SECRET } from './recording-server.test-helpers.ts';

const client = createProcessingClient({
  apiKey: API_KEY,
  signingSecret: SIGNING_SECRET,
  baseUrl: 'https://app.cryptoprocessing.com/api/v2',
  paymentsBaseUrl: 'https://app.cryptoprocessing.com/api/payments/v1',
});

// Spaces and key order as a sender might write them: a re-serialisation would change both.
const paidBody =
  '{"payment_request_id": "pr_1", "foreign_id": "order-1", "type": "payment_request", ' +
  '"status": "paid", "payment_request_amount": {"currency": {"iso": "EUR"}, "amount": "100.00"}, ' +
  '"currency_sent": {"currency": {"iso": "BTC", "network_name": "bitcoin"}, "amount": "0.00151234"}, ' +
  '"fixed_at": 1767225000, "expires_at": 1767225600, "valid_until": 1767225600}';

/** A callback's headers, signed with the merchant's key and secret unless others are given. */
const signed = (body: string | Buffer, secret = SIGNING_SECRET, key = API_KEY) =>
  signedHeadersSync(key, secret, body);

function refused(reason: CallbackRejection) {
  return (error: unknown) => {
    assert.ok(error instanceof CallbackVerificationError, String(error));
    assert.equal(error.reason, reason);
    assert.doesNotMatch(error.message, new RegExp(SIGNING_SECRET));
    return true;
  };
}

describe('accepted callbacks', () => {
  test('a signed payment-request callback comes back typed', async () => {
    const callback = await client.verifyCallback(paidBody, signed(paidBody));
    assert.equal(callback.type, 'payment_request');
    // `Callback` also admits exchange types with any string `type`, so narrow by hand.
    const paid = callback as PaymentRequestCallback;
    assert.equal(paid.status, 'paid');
    assert.equal(paid.payment_request_id, 'pr_1');
    assert.equal(paid.currency_sent?.amount, '0.00151234');
  });

  test('a lone surrogate in the service’s text is kept as U+FFFD, not a reason to lose the callback', async () => {
    // JSON can escape half of a surrogate pair alone; the payment it tells of still happened.
    const body = paidBody.replace('"order-1"', '"order-1\\ud800"');
    const callback = (await client.verifyCallback(body, signed(body))) as PaymentRequestCallback;
    assert.equal(callback.status, 'paid');
    assert.equal(callback.foreign_id, 'order-1\ufffd');
  });

  test('raw bytes as a Buffer or an ArrayBuffer, headers as a Headers object', async () => {
    const bytes = Buffer.from(paidBody);
    const headers = new Headers({
      'X-Processing-Key': API_KEY,
      'X-Processing-Signature': signBodySync(SIGNING_SECRET, bytes),
    });
    const fromBuffer = await client.verifyCallback(bytes, headers);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const fromArrayBuffer = await client.verifyCallback(arrayBuffer, headers);
    assert.deepEqual(fromBuffer, fromArrayBuffer);
    assert.equal(fromBuffer.type, 'payment_request');
  });

  test('header names in any case, signature in upper-case hex', async () => {
    const signature = signBodySync(SIGNING_SECRET, paidBody).toUpperCase();
    const callback = await client.verifyCallback(paidBody, {
      'X-PROCESSING-KEY': API_KEY,
      'X-Processing-Signature': signature,
    });
    assert.equal(callback.type, 'payment_request');
  });

  test('as a node:http server receives it: raw Buffer and IncomingHttpHeaders', async () => {
    let verified: Promise<unknown> | undefined;
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        verified = client.verifyCallback(Buffer.concat(chunks), request.headers);
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = receiver.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/callbacks/processing`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...signed(paidBody) },
        body: paidBody,
      });
      assert.equal(((await verified) as { status: string }).status, 'paid');
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test('an invoice callback', async () => {
    const body = '{"type":"invoice","id":7,"foreign_id":"invoice-1","status":"confirmed"}';
    const callback = await client.verifyCallback(body, signed(body));
    assert.ok(callback.type === 'invoice');
    assert.equal(callback.status, 'confirmed');
  });
});

describe('refused callbacks', () => {
  test('no key header', async () => {
    const { 'X-Processing-Key': _, ...headers } = signed(paidBody);
    await assert.rejects(client.verifyCallback(paidBody, headers), refused('missing_key'));
  });

  test("another merchant's key", async () => {
    const headers = signed(paidBody, SIGNING_SECRET, 'someone-else');
    await assert.rejects(client.verifyCallback(paidBody, headers), refused('bad_key'));
  });

  test('a wrong key costs the same work as a right one: the body is signed over all the same', async (t) => {
    // The one timing that matters, counted rather than clocked: node:crypto's createHmac, the
    // real one, watched through the builtin's ESM exports that signing-node.ts imports.
    const wrongKey = signed(paidBody, SIGNING_SECRET, 'someone-else');
    const rightKey = signed(paidBody);
    const hmac = t.mock.method(crypto, 'createHmac');
    syncBuiltinESMExports();
    t.after(syncBuiltinESMExports);
    await assert.rejects(client.verifyCallback(paidBody, wrongKey), refused('bad_key'));
    const wrongKeyWork = hmac.mock.callCount();
    hmac.mock.resetCalls();
    await client.verifyCallback(paidBody, rightKey);
    assert.equal(wrongKeyWork, hmac.mock.callCount());
    assert.equal(wrongKeyWork, 1);
  });

  test('no signature header', async () => {
    const { 'X-Processing-Signature': _, ...headers } = signed(paidBody);
    await assert.rejects(client.verifyCallback(paidBody, headers), refused('missing_signature'));
  });

  test('signed with another secret', async () => {
    const headers = signed(paidBody, 'not-the-secret');
    await assert.rejects(client.verifyCallback(paidBody, headers), refused('bad_signature'));
  });

  test('a signature that is not hex', async () => {
    const headers = { ...signed(paidBody), 'X-Processing-Signature': 'z'.repeat(128) };
    await assert.rejects(client.verifyCallback(paidBody, headers), refused('bad_signature'));
  });

  test('the body changed by one byte', async () => {
    const tampered = paidBody.replace('"amount": "100.00"', '"amount": "900.00"');
    assert.notEqual(tampered, paidBody);
    assert.equal(tampered.length, paidBody.length);
    await assert.rejects(
      client.verifyCallback(tampered, signed(paidBody)),
      refused('bad_signature'),
    );
  });

  test('the body re-serialised from the parsed object', async () => {
    const reserialised = JSON.stringify(JSON.parse(paidBody));
    await assert.rejects(
      client.verifyCallback(reserialised, signed(paidBody)),
      refused('bad_signature'),
    );
  });

  test('correctly signed bytes that are not JSON', async () => {
    const body = 'status=paid&id=pr_1';
    await assert.rejects(client.verifyCallback(body, signed(body)), refused('malformed_body'));
  });

  test('correctly signed bytes that are not UTF-8', async () => {
    const body = Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d]);
    await assert.rejects(client.verifyCallback(body, signed(body)), refused('malformed_body'));
  });

  test('correctly signed JSON of an unknown type', async () => {
    const body = '{"type":"refund","id":1}';
    await assert.rejects(client.verifyCallback(body, signed(body)), refused('unknown_shape'));
  });

  test('correctly signed payment-request callback with a status outside the known ones', async () => {
    const body = paidBody.replace('"paid"', '"refunded"');
    await assert.rejects(client.verifyCallback(body, signed(body)), refused('unknown_shape'));
  });

  test('the published vector passes the signature check and then fails on shape', async () => {
    const vectorClient = createProcessingClient({
      apiKey: API_KEY,
      signingSecret: 'AbCdEfG123456',
      baseUrl: 'https://app.cryptoprocessing.com/api/v2',
      paymentsBaseUrl: 'https://app.cryptoprocessing.com/api/payments/v1',
    });
    const body = '{"currency":"BTC","foreign_id":"123456"}';
    const signature =
      '03c25fcf7cd35e7d995e402cd5d51edd72d48e1471e865907967809a0c189ba55b90815f20e2bb10f82c7a9e9d865546fda58989c2ae9e8e2ff7bc29195fa1ec';
    const headers = { 'x-processing-key': API_KEY, 'x-processing-signature': signature };
    await assert.rejects(vectorClient.verifyCallback(body, headers), refused('unknown_shape'));
    const wrong = { ...headers, 'x-processing-signature': `${signature.slice(0, -1)}d` };
    await assert.rejects(vectorClient.verifyCallback(body, wrong), refused('bad_signature'));
  });
});
