/**
 * `<cp-payments>` in Chromium, against a fake merchant API: what its filters say they compare
 * (UTC days; amounts as numbers whatever the currency), and the daily chart, whose days read as
 * the list's do and whose paid share is absent, not 0 %, on a day when nothing finished.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { Chart } from '../src/pages/chart-parts.ts';
import type { DailyChart } from '../src/pages/daily-chart.ts';
import type { Payments } from '../src/pages/payments.ts';
import type { DailyFigure } from '../src/types.ts';
import '../src/pages/payments.ts';
import { fakeApi, textOf, until } from './fake-api.ts';

const DAYS: DailyFigure[] = [
  { date: '2026-11-01', created: 0, paid: 0, failed: 0, expired: 0, open: 0, paid_share: null },
  { date: '2026-11-02', created: 2, paid: 0, failed: 0, expired: 0, open: 2, paid_share: null },
  { date: '2026-11-03', created: 5, paid: 3, failed: 1, expired: 1, open: 0, paid_share: '0.60' },
];

/** The text of the element a field's `aria-describedby` names. */
function description(el: Payments, name: string): string {
  const field = el.shadowRoot!.querySelector(`[name="${name}"]`)!;
  const id = field.getAttribute('aria-describedby') ?? '';
  return el.shadowRoot!.getElementById(id)?.textContent ?? '';
}

describe('<cp-payments>', () => {
  let api: ReturnType<typeof fakeApi>;
  afterEach(() => api.restore());

  async function render() {
    api = fakeApi({
      'GET /admin/checkouts': { status: 200, body: { data: [] } },
      'GET /admin/checkouts/daily': { status: 200, body: { data: DAYS } },
    });
    const el = await fixture<Payments>(html`<cp-payments></cp-payments>`);
    const chart = () => el.shadowRoot!.querySelector<DailyChart>('cp-daily-chart')!;
    await until(() => textOf(chart()).includes('03 Nov 2026'), 'the daily figures');
    return { el, chart: chart() };
  }

  it('says its date filters take UTC days', async () => {
    const { el } = await render();
    const labels = [...el.shadowRoot!.querySelectorAll('label')].map((l) => l.textContent ?? '');
    expect(labels.some((label) => label.includes('Created from (UTC day)'))).to.equal(true);
    expect(labels.some((label) => label.includes('Created to (UTC day, inclusive)'))).to.equal(
      true,
    );
    for (const name of ['from', 'to']) expect(description(el, name)).to.contain('UTC days');
  });

  it('says its amount filters compare numbers across currencies, and how to keep to one', async () => {
    const { el } = await render();
    for (const name of ['amount_min', 'amount_max']) {
      expect(description(el, name)).to.contain('finds 129 USD and 450 EUR alike');
      expect(description(el, name)).to.contain('Give a price currency to compare within one');
    }
    await expect(el).to.be.accessible();
  });

  it('writes the chart’s days as the list writes dates, not as YYYY-MM-DD', async () => {
    const { chart } = await render();
    const headers = [...chart.shadowRoot!.querySelectorAll('th[scope="row"]')].map((th) =>
      th.textContent?.trim(),
    );
    expect(headers).to.deep.equal(['01 Nov 2026', '02 Nov 2026', '03 Nov 2026']);
    expect(textOf(chart)).not.to.contain('2026-11-0');
    const drawn = Chart.getChart(chart.shadowRoot!.querySelector('canvas')!);
    expect(drawn?.data.labels).to.deep.equal(headers);
  });

  it('gives no paid share, and no point of the line, on a day when nothing finished', async () => {
    const { chart } = await render();
    const shares = [...chart.shadowRoot!.querySelectorAll('tbody tr')].map((row) =>
      row.querySelector('td:last-child')?.textContent?.trim(),
    );
    expect(shares).to.deep.equal(['—', '—', '60 %']);
    const drawn = Chart.getChart(chart.shadowRoot!.querySelector('canvas')!);
    const line = drawn?.data.datasets.find((dataset) => dataset.type === 'line');
    // A gap (Chart.js leaves null out of the line), where 0 would read as a collapse.
    expect(line?.data).to.deep.equal([null, null, 60]);
  });
});
