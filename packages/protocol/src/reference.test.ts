import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CHECKOUT_ID_LENGTH } from './proxy-api.ts';
import { groupReference } from './reference.ts';

describe('groupReference', () => {
  it('groups a checkout id in fours, the last group shorter', () => {
    assert.equal(groupReference('Q2hlY2tvdXQtaWQtMTIzNA'), 'Q2hl Y2tv dXQt aWQt MTIz NA');
  });

  it('keeps - and _ as characters of the id, and gives the id back without its spaces', () => {
    const id = '-_ab_-cd-_ef__gh--ij_k';
    assert.equal(id.length, CHECKOUT_ID_LENGTH);
    const grouped = groupReference(id);
    assert.equal(grouped, '-_ab _-cd -_ef __gh --ij _k');
    assert.equal(grouped.replaceAll(' ', ''), id);
  });

  it('adds no space at the end, nor to an id of one group or none', () => {
    assert.equal(groupReference('abcdefgh'), 'abcd efgh');
    assert.equal(groupReference('abcd'), 'abcd');
    assert.equal(groupReference('ab'), 'ab');
    assert.equal(groupReference(''), '');
  });
});
