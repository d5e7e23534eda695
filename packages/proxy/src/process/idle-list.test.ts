/** The idle list: the longest idle first, entries taken out from anywhere and added at the end. */

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type IdleLinks, IdleList, unlinked } from './idle-list.ts';

interface Entry {
  name: string;
  links: IdleLinks<Entry>;
}

const entry = (name: string): Entry => ({ name, links: unlinked() });

function names(list: IdleList<Entry>): string[] {
  const seen: string[] = [];
  for (let at = list.first(); at !== undefined; at = at.links.next) seen.push(at.name);
  return seen;
}

describe('IdleList', () => {
  it('keeps the order entries fell idle in, whatever is taken out', () => {
    const list = new IdleList<Entry>((e) => e.links);
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(entry) as [Entry, Entry, Entry, Entry];
    for (const e of [a, b, c, d]) list.add(e);
    assert.deepEqual(names(list), ['a', 'b', 'c', 'd']);
    list.remove(b);
    list.remove(d);
    list.remove(d);
    assert.deepEqual(names(list), ['a', 'c']);
    list.add(b);
    list.add(a);
    assert.deepEqual(names(list), ['a', 'c', 'b'], 'a listed entry stays where it is');
    list.remove(a);
    list.add(a);
    assert.deepEqual(names(list), ['c', 'b', 'a']);
    assert.equal(list.size, 3);
    for (const e of [c, b, a]) list.remove(e);
    assert.equal(list.first(), undefined);
    assert.equal(list.size, 0);
    list.add(d);
    assert.deepEqual(names(list), ['d']);
  });
});
