import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AUDIT_SEARCH, CALLBACK_SEARCH, pagePath, pickSearch, searchParams } from './list-query.ts';

describe('the lists’ searches', () => {
  it('reads the callback search from the address, trimmed, empty fields left out', () => {
    const address = new URLSearchParams('type=invoice&object_id=+42+&status=&other=x');
    assert.deepEqual(pickSearch(address, CALLBACK_SEARCH), { type: 'invoice', object_id: '42' });
  });

  it('reads a search form’s fields the same way', () => {
    assert.deepEqual(pickSearch({ actor: ' ann ', action: '', note: 'x' }, AUDIT_SEARCH), {
      actor: 'ann',
    });
  });

  it('writes a search back in the order of its names', () => {
    const search = pickSearch(
      { status: 'paid', foreign_id: 'f 1', type: 'invoice' },
      CALLBACK_SEARCH,
    );
    assert.equal(searchParams(search).toString(), 'type=invoice&foreign_id=f+1&status=paid');
  });

  it('asks the merchant API for a page, older than a cursor when given', () => {
    assert.equal(
      pagePath('/admin/callbacks', { type: 'invoice', status: 'confirmed' }),
      '/admin/callbacks?type=invoice&status=confirmed&limit=50',
    );
    assert.equal(
      pagePath('/admin/audit-log', { actor: 'ann' }, '120', 25),
      '/admin/audit-log?actor=ann&limit=25&before=120',
    );
  });
});
