import { expect } from '@open-wc/testing';
import { backoffDelay } from './backoff.ts';

describe('backoffDelay', () => {
  const doubling = { firstMs: 100, maxMs: 1000, growth: 2 };

  it('starts at the first wait and grows by its factor', () => {
    expect(backoffDelay(doubling, 0)).to.equal(100);
    expect(backoffDelay(doubling, 1)).to.equal(200);
    expect(backoffDelay(doubling, 3)).to.equal(800);
  });

  it('never waits longer than the most, however many attempts', () => {
    expect(backoffDelay(doubling, 4)).to.equal(1000);
    expect(backoffDelay(doubling, 5000)).to.equal(1000);
  });

  it('takes up to its jitter off at random, never adds', () => {
    const jittered = { ...doubling, jitter: 0.5 };
    expect(backoffDelay(jittered, 0, 0)).to.equal(100);
    expect(backoffDelay(jittered, 0, 0.5)).to.equal(75);
    expect(backoffDelay(jittered, 10, 0.999)).to.be.within(500, 501);
    for (let i = 0; i < 100; i++) expect(backoffDelay(jittered, 2)).to.be.within(200, 400);
  });

  it('has no jitter unless it is given one', () => {
    expect(backoffDelay(doubling, 2, 0.999)).to.equal(400);
  });
});
