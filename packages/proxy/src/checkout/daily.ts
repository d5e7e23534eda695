/**
 * The back office's figures per UTC day: checkouts created, by how they stand now (paid,
 * failed, expired, or still open), and the share paid of those that finished, as a decimal
 * string worked out from whole counts (never a float), or null on a day when none finished.
 */

import type { DailyFigure } from '@crypto-pay/protocol/merchant-api';
import type { DailyCount } from '../store/payments.ts';
import { DAY_MS } from '../store/store.ts';

/**
 * paid / (paid + failed + expired) with two decimals, rounded half up ("0.67" for 2 of 3,
 * "0.50" for 1 of 2). In hundredths: floor((200·paid + n) / 2n). Null when none finished: such
 * a day has no share, and "0.00" there would read as a day where every payment failed.
 */
export function paidShare(paid: number, finished: number): string | null {
  if (finished === 0) return null;
  const hundredths = Math.floor((200 * paid + finished) / (2 * finished));
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** Every UTC day from `from`'s to the one before `to` (Unix ms), with what `counts` say of it. */
export function dailyFigures(from: number, to: number, counts: DailyCount[]): DailyFigure[] {
  const byDay = new Map<number, DailyCount[]>();
  for (const count of counts) byDay.set(count.day, [...(byDay.get(count.day) ?? []), count]);
  const days: DailyFigure[] = [];
  for (let day = Math.floor(from / DAY_MS); day * DAY_MS < to; day++) {
    const figures = { paid: 0, failed: 0, expired: 0, open: 0 };
    for (const { status, count } of byDay.get(day) ?? []) {
      if (status === 'paid' || status === 'failed' || status === 'expired')
        figures[status] += count;
      else figures.open += count;
    }
    const finished = figures.paid + figures.failed + figures.expired;
    days.push({
      date: new Date(day * DAY_MS).toISOString().slice(0, 10),
      created: finished + figures.open,
      ...figures,
      paid_share: paidShare(figures.paid, finished),
    });
  }
  return days;
}
