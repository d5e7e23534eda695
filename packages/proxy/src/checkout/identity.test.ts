import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  endUserReference,
  hashToken,
  newCheckoutId,
  newForeignId,
  newSessionToken,
  referenceKey,
} from './identity.ts';

const person = { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: '1815-12-10' };

describe('identifiers', () => {
  it('makes 128-bit base64url checkout ids that do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, newCheckoutId));
    assert.equal(ids.size, 1000);
    for (const id of ids) {
      assert.match(id, /^[A-Za-z0-9_-]{22}$/);
      assert.equal(Buffer.from(id, 'base64url').length, 16);
    }
    assert.match(newForeignId(), /^cp_[A-Za-z0-9_-]{22}$/);
    // Both come from one pool of random bytes: no id repeats across them or across refills.
    const mixed = Array.from({ length: 1000 }, (_, i) =>
      i % 2 === 0 ? newCheckoutId() : newForeignId().slice(3),
    );
    assert.equal(new Set([...ids, ...mixed]).size, 2000);
    assert.match(newSessionToken(), /^cps_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(hashToken('a'), hashToken('b'));
  });

  it('never begins a checkout id with "-", which a shell would read as a flag', () => {
    // One random draw in 64 begins so: of 5000 ids, about 78 would.
    const ids = Array.from({ length: 5000 }, newCheckoutId);
    assert.deepEqual(
      ids.filter((id) => id.startsWith('-')),
      [],
    );
    // The other 63 first characters all still come.
    assert.equal(new Set(ids.map((id) => id[0])).size, 63);
  });
});

describe('endUserReference', () => {
  const key = referenceKey('signing-secret', undefined);

  it('maps the same customer to the same reference, however the name is typed', () => {
    const a = endUserReference(key, 'natural', person);
    const b = endUserReference(key, 'natural', {
      ...person,
      first_name: ' ADA ',
      last_name: 'lovelace',
    });
    assert.equal(a, b);
    assert.match(a, /^eur_[A-Za-z0-9_-]{43}$/);
    assert.ok(!a.toLowerCase().includes('ada'));
  });

  it('tells different customers apart', () => {
    const a = endUserReference(key, 'natural', person);
    assert.notEqual(
      a,
      endUserReference(key, 'natural', { ...person, date_of_birth: '1815-12-11' }),
    );
    const company = { legal_name: 'Ada Ltd', country_of_registration: 'GBR' };
    assert.notEqual(
      endUserReference(key, 'legal', company),
      endUserReference(key, 'legal', { ...company, country_of_registration: 'IRL' }),
    );
  });

  it('depends on the server-side key, which is never the secret itself', () => {
    const derived = referenceKey('signing-secret', undefined);
    assert.notEqual(derived.export().toString('utf8'), 'signing-secret');
    const other = referenceKey('other-secret', undefined);
    assert.notEqual(
      endUserReference(derived, 'natural', person),
      endUserReference(other, 'natural', person),
    );
    const explicit = referenceKey('signing-secret', 'a-dedicated-reference-key-of-32-chars!');
    assert.notEqual(
      endUserReference(explicit, 'natural', person),
      endUserReference(derived, 'natural', person),
    );
  });
});
