/**
 * The allow-list between a span and the exporter: what instrumentations record of a request
 * that could name a person or carry a secret never leaves; URLs and paths leave without query
 * string, credentials or session token. A protocol or endpoint the proxy cannot export to stops
 * the start with a line naming the variable.
 */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError } from '../process/config.ts';
import { privateAttributes } from './private-attributes.ts';
import { startTracing } from './sdk.ts';

describe('privateAttributes', () => {
  it('drops the client, its headers and anything not on the list', () => {
    const kept = privateAttributes({
      'http.request.method': 'POST',
      'http.route': '/api/checkouts',
      'http.response.status_code': 201,
      'client.address': '203.0.113.9',
      'network.peer.address': '203.0.113.9',
      'net.peer.ip': '203.0.113.9',
      'user_agent.original': 'Mozilla/5.0',
      'http.request.header.authorization': ['Bearer admin-token'],
      'crypto_pay.webhook.result': 'delivered',
      'db.user': 'merchant',
    });
    assert.deepEqual(kept, {
      'http.request.method': 'POST',
      'http.route': '/api/checkouts',
      'http.response.status_code': 201,
      'crypto_pay.webhook.result': 'delivered',
    });
  });

  it('keeps URLs without credentials, query string or fragment', () => {
    const kept = privateAttributes({
      'url.full': 'https://user:pass@hooks.example/in?token=s3cret#part',
      'http.url': 'http://127.0.0.1:8787/api/checkouts?x=1',
      'url.query': 'token=s3cret',
    });
    assert.deepEqual(kept, {
      'url.full': 'https://hooks.example/in',
      'http.url': 'http://127.0.0.1:8787/api/checkouts',
    });
  });

  it('keeps paths without query string or session token', () => {
    const kept = privateAttributes({
      'url.path': '/api/checkout-sessions/cps_abcdefghijklmnop',
      'http.target': '/api/checkouts?token=s3cret',
    });
    assert.equal(kept['http.target'], '/api/checkouts');
    assert.ok(!String(kept['url.path']).includes('cps_abcdefghijklmnop'));
  });

  it('keeps an exception event its type only when asked', () => {
    const kept = privateAttributes(
      { 'exception.type': 'Error', 'exception.message': 'duplicate key (email)=(a@b.c)' },
      ['exception.type'],
    );
    assert.deepEqual(kept, { 'exception.type': 'Error' });
  });
});

describe('startTracing refuses what it cannot export to', () => {
  it('names the protocol variable for gRPC', () => {
    assert.throws(
      () =>
        startTracing({
          OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4317',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
        }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message.startsWith('OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json'),
    );
  });

  it('names the endpoint variable when it is no URL', () => {
    assert.throws(
      () => startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message ===
          'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://collector:4318.',
    );
  });
});
