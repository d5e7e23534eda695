import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, it } from 'node:test';
import * as webCrypto from './signing.ts';
import {
  secretsEqualSync,
  signBodySync,
  signedHeadersSync,
  verifySignatureSync,
} from './signing-node.ts';

const reference = (secret: string, body: string | Uint8Array) =>
  createHmac('sha512', secret).update(body).digest('hex');

// Both implementations answer the same cases: Web Crypto for any runtime, node:crypto for servers.
const implementations = {
  'Web Crypto': webCrypto,
  'node:crypto': {
    signBody: async (...args: Parameters<typeof signBodySync>) => signBodySync(...args),
    verifySignature: async (...args: Parameters<typeof verifySignatureSync>) =>
      verifySignatureSync(...args),
    secretsEqual: async (...args: Parameters<typeof secretsEqualSync>) => secretsEqualSync(...args),
    signedHeaders: async (...args: Parameters<typeof signedHeadersSync>) =>
      signedHeadersSync(...args),
  },
};

for (const [
  implementation,
  { signBody, verifySignature, secretsEqual, signedHeaders },
] of Object.entries(implementations)) {
  describe(`signBody (${implementation})`, () => {
    it('matches the published vector', async () => {
      assert.equal(
        await signBody('AbCdEfG123456', '{"currency":"BTC","foreign_id":"123456"}'),
        '03c25fcf7cd35e7d995e402cd5d51edd72d48e1471e865907967809a0c189ba55b90815f20e2bb10f82c7a9e9d865546fda58989c2ae9e8e2ff7bc29195fa1ec',
      );
    });

    const bodies = {
      'non-ASCII text': '{"legal_name":"Müller & Søn — 東京","first_name":"Zoë"}',
      'escaped slashes': '{"url_store":"https:\\/\\/shop.example.com\\/cart"}',
      'long numbers': '{"amount":123456789012345678.123456789012345678,"tiny":0.00000001}',
      'the empty object': '{}',
    };
    for (const [name, body] of Object.entries(bodies)) {
      it(`signs ${name} as its UTF-8 bytes, lowercase hex`, async () => {
        const signature = await signBody('sandbox-secret', body);
        assert.equal(signature, reference('sandbox-secret', body));
        assert.match(signature, /^[0-9a-f]{128}$/);
      });
    }

    it('signs with each secret its own signature, one secret after another and back', async () => {
      const body = '{"foreign_id":"1"}';
      // More secrets than the keys kept: the first comes back after it was dropped.
      const many = ['third', 'fourth', 'fifth', 'sixth'];
      for (const secret of ['first-secret', 'sëcond', 'first-secret', ...many, 'first-secret']) {
        assert.equal(await signBody(secret, body), reference(secret, body));
      }
    });

    it('signs bytes as given, so a re-serialised body signs differently', async () => {
      const sent = '{"a":1, "b":2}';
      assert.notEqual(
        await signBody('s', sent),
        await signBody('s', JSON.stringify(JSON.parse(sent))),
      );
      assert.equal(await signBody('s', new TextEncoder().encode(sent)), await signBody('s', sent));
    });
  });

  describe(`signedHeaders (${implementation})`, () => {
    it('carries the API key and the signature of exactly these bytes', async () => {
      const body = '{"foreign_id":"123456"}';
      assert.deepEqual(await signedHeaders('key-1', 'secret', body), {
        'X-Processing-Key': 'key-1',
        'X-Processing-Signature': reference('secret', body),
      });
    });
  });

  describe(`verifySignature (${implementation})`, () => {
    const body = '{"payment_request_id":"pr_1","status":"paid"}';

    it('accepts the signature of exactly these bytes, in either hex case', async () => {
      const signature = reference('secret', body);
      assert.equal(await verifySignature('secret', body, signature), true);
      assert.equal(await verifySignature('secret', body, signature.toUpperCase()), true);
    });

    it('rejects another body, another secret, and anything that is not a signature', async () => {
      const signature = reference('secret', body);
      assert.equal(await verifySignature('secret', `${body} `, signature), false);
      assert.equal(await verifySignature('other', body, signature), false);
      for (const bad of [undefined, null, '', 'zz', signature.slice(2), `${signature}00`]) {
        assert.equal(await verifySignature('secret', body, bad), false);
      }
    });
  });

  describe(`secretsEqual (${implementation})`, () => {
    it('is true only for identical strings, whatever their lengths', async () => {
      assert.equal(await secretsEqual('token-123', 'token-123'), true);
      assert.equal(await secretsEqual('token-123', 'token-124'), false);
      assert.equal(await secretsEqual('token', 'token-123'), false);
      assert.equal(await secretsEqual('', 'x'), false);
    });
  });
}
