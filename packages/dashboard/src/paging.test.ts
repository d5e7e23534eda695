import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Paging } from './paging.ts';
import { testHost } from './test-host.ts';

describe('going from page to page', () => {
  it('starts on the newest page, with no way to a newer one', () => {
    const paging = new Paging(testHost());
    assert.equal(paging.before, undefined);
    assert.equal(paging.hasNewer, false);
  });

  it('goes to older pages by their cursors and back, one page at a time', () => {
    const element = testHost();
    const paging = new Paging(element);
    paging.older('90');
    paging.older('40');
    assert.equal(paging.before, '40');
    paging.newer();
    assert.equal(paging.before, '90');
    assert.equal(paging.hasNewer, true);
    paging.newer();
    assert.equal(paging.before, undefined);
    assert.equal(paging.hasNewer, false);
    assert.equal(element.updates, 4);
  });
});
