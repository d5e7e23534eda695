import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { retryAfterSeconds } from './retry-after.ts';

const now = Date.UTC(2026, 10, 22, 17, 0, 0);
const HOUR = 3600;

describe('retryAfterSeconds', () => {
  it('reads delay-seconds', () => {
    assert.equal(retryAfterSeconds('2', now, HOUR), 2);
    assert.equal(retryAfterSeconds('0', now, HOUR), 0);
    assert.equal(retryAfterSeconds('120', now, HOUR), 120);
  });

  it('reads each HTTP-date form as the seconds until then', () => {
    assert.equal(retryAfterSeconds('Sun, 22 Nov 2026 17:00:12 GMT', now, HOUR), 12);
    assert.equal(retryAfterSeconds('Sunday, 22-Nov-26 17:01:00 GMT', now, HOUR), 60);
    assert.equal(retryAfterSeconds('Sun Nov 22 17:00:05 2026', now, HOUR), 5);
    assert.equal(retryAfterSeconds('Sun Nov  1 17:00:05 2026', now, HOUR), 0);
  });

  it('rounds part of a second up, and a date already past is no wait', () => {
    assert.equal(retryAfterSeconds('Sun, 22 Nov 2026 17:00:03 GMT', now + 500, HOUR), 3);
    assert.equal(retryAfterSeconds('Sun, 22 Nov 2026 16:59:00 GMT', now, HOUR), 0);
  });

  it('ignores no value and garbage', () => {
    for (const value of [null, '', 'soon', '-5', '1.5', '2, 3', ' 7x', '1 GMT']) {
      assert.equal(retryAfterSeconds(value, now, HOUR), undefined, String(value));
    }
    assert.equal(retryAfterSeconds('Sun, 22 Nov 2026 25:00:00 GMT', now, HOUR), undefined);
  });

  it('waits the caller’s most at most: a timer takes a delay past 24.8 days as none, a busy loop', () => {
    for (const value of ['2592000', '9'.repeat(20), 'Mon, 22 Nov 2027 17:00:00 GMT']) {
      assert.equal(retryAfterSeconds(value, now, HOUR), HOUR, value);
      assert.equal(retryAfterSeconds(value, now, 20 * HOUR), 20 * HOUR, value);
    }
  });
});
