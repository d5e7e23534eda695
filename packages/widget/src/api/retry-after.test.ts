import { expect } from '@open-wc/testing';
import { retryAfterSeconds } from './retry-after.ts';

const now = Date.UTC(2026, 10, 22, 17, 0, 0);

describe('retryAfterSeconds', () => {
  it('reads delay-seconds', () => {
    expect(retryAfterSeconds('2', now)).to.equal(2);
    expect(retryAfterSeconds('0', now)).to.equal(0);
    expect(retryAfterSeconds('120', now)).to.equal(120);
  });

  it('reads each HTTP-date form as the seconds until then', () => {
    expect(retryAfterSeconds('Sun, 22 Nov 2026 17:00:12 GMT', now)).to.equal(12);
    expect(retryAfterSeconds('Sunday, 22-Nov-26 17:01:00 GMT', now)).to.equal(60);
    expect(retryAfterSeconds('Sun Nov 22 17:00:05 2026', now)).to.equal(5);
    expect(retryAfterSeconds('Sun Nov  1 17:00:05 2026', now)).to.equal(0);
  });

  it('rounds part of a second up, and a date already past is no wait', () => {
    expect(retryAfterSeconds('Sun, 22 Nov 2026 17:00:03 GMT', now + 500)).to.equal(3);
    expect(retryAfterSeconds('Sun, 22 Nov 2026 16:59:00 GMT', now)).to.equal(0);
  });

  it('ignores no value and garbage', () => {
    for (const value of [null, '', 'soon', '-5', '1.5', '2, 3', ' 7x', '1 GMT']) {
      expect(retryAfterSeconds(value, now), String(value)).to.equal(undefined);
    }
    expect(retryAfterSeconds('Sun, 22 Nov 2026 25:00:00 GMT', now)).to.equal(undefined);
  });

  it('waits an hour at most: a timer takes a delay past 24.8 days as none, a busy loop', () => {
    for (const value of ['2592000', '9'.repeat(20), 'Mon, 22 Nov 2027 17:00:00 GMT']) {
      expect(retryAfterSeconds(value, now), value).to.equal(3600);
    }
  });
});
