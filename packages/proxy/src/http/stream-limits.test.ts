import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../api-error.ts';
import { streamCounter } from './stream-limits.ts';

const refused = (open: () => unknown) =>
  assert.throws(open, (error) => error instanceof ApiError && error.status === 429);

describe('streamCounter', () => {
  it('caps streams per client and in all, and counts a release once', () => {
    const streams = streamCounter({ total: 3, perClient: 2 });
    const first = streams.open('a');
    streams.open('a');
    refused(() => streams.open('a'));
    streams.open('b');
    refused(() => streams.open('c'));
    first();
    first();
    assert.equal(streams.size(), 2);
    streams.open('c');
    assert.equal(streams.size(), 3);
    refused(() => streams.open('d'));
  });

  it('tells its count after each open and each release, not after a refusal', () => {
    const counts: number[] = [];
    const streams = streamCounter(
      { total: 2, perClient: 2 },
      { counted: (open) => counts.push(open) },
    );
    const first = streams.open('a');
    streams.open('a');
    refused(() => streams.open('a'));
    first();
    first();
    assert.deepEqual(counts, [1, 2, 1]);
  });
});
