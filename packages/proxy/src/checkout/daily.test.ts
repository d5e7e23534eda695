import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dailyFigures, paidShare } from './daily.ts';

describe('daily figures', () => {
  it('give the share paid with two decimals, rounded half up, from whole counts', () => {
    assert.equal(paidShare(3, 4), '0.75');
    assert.equal(paidShare(2, 3), '0.67');
    assert.equal(paidShare(1, 3), '0.33');
    assert.equal(paidShare(1, 8), '0.13');
    assert.equal(paidShare(1, 200), '0.01');
    assert.equal(paidShare(1, 201), '0.00');
    assert.equal(paidShare(7, 7), '1.00');
  });

  it('give no share for a day when nothing finished, rather than a share of none paid', () => {
    assert.equal(paidShare(0, 0), null);
    const [day] = dailyFigures(0, 86_400_000, [{ day: 0, status: 'created', count: 3 }]);
    assert.equal(day?.open, 3);
    assert.equal(day?.paid_share, null);
  });

  it('list every UTC day of the range, empty ones too', () => {
    const day = 86_400_000;
    const days = dailyFigures(day + 5, 3 * day, [{ day: 2, status: 'paid', count: 1 }]);
    assert.deepEqual(
      days.map((figures) => [figures.date, figures.paid]),
      [
        ['1970-01-02', 0],
        ['1970-01-03', 1],
      ],
    );
  });
});
