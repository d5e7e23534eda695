import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReactiveController } from 'lit';
import { Paging } from './paging.ts';

/** What a Lit element gives a controller: here, how often it was asked to redraw. */
function host() {
  const seen = { updates: 0 };
  return Object.assign(seen, {
    addController(_controller: ReactiveController) {},
    removeController(_controller: ReactiveController) {},
    requestUpdate() {
      seen.updates += 1;
    },
    updateComplete: Promise.resolve(true),
  });
}

describe('going from page to page', () => {
  it('starts on the newest page, with no way to a newer one', () => {
    const paging = new Paging(host());
    assert.equal(paging.before, undefined);
    assert.equal(paging.hasNewer, false);
  });

  it('goes to older pages by their cursors and back, one page at a time', () => {
    const element = host();
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

  it('goes back to the newest page when the search changes', () => {
    const paging = new Paging(host());
    paging.older('90');
    paging.reset();
    assert.equal(paging.before, undefined);
    assert.equal(paging.hasNewer, false);
  });
});
