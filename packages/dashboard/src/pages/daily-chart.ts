/**
 * `<cp-daily-chart>`: payments per day by outcome, and the share paid, from
 * `GET /admin/checkouts/daily`. Drawn with Chart.js (loaded with this view only), and the same
 * figures as a table for screen readers and for anyone who would rather read them.
 *
 * Why Chart.js: it is the most used charting library on npm, kept up, tree-shakes to the two
 * chart kinds used here, draws on a canvas and sets sizes through the CSSOM only, so it runs
 * under the dashboard's CSP (`style-src 'self'`, no inline style) without a stylesheet of its own
 * (uPlot, smaller, needs its CSS file and draws no mixed bar-and-line chart).
 */
import { Task } from '@lit/task';
import type { Chart } from 'chart.js';
import { css, html, LitElement } from 'lit';
import { customElement, query } from 'lit/decorators.js';
import { api } from '../api.ts';
import { formatDay } from '../format.ts';
import { strings } from '../strings.ts';
import { shared, tokens } from '../styles.ts';
import { dataTable } from '../table.ts';
import type { DailyFigure } from '../types.ts';
import { errorText } from '../ui.ts';

const t = strings.payments;

/** Chart.js, loaded with this view only. */
const chartLibrary = async () => (await import('./chart-parts.ts')).Chart;

/**
 * The paid share as a percentage to draw (a ratio, not money: a float is fine here); null on a
 * day when none finished, which Chart.js leaves as a gap in the line rather than a fall to 0.
 */
const percent = (share: string | null) =>
  share === null ? null : Math.round(Number(share) * 1000) / 10;

@customElement('cp-daily-chart')
export class DailyChart extends LitElement {
  static override styles = [
    tokens,
    shared,
    css`
      .plot {
        position: relative;
        height: 16rem;
        max-width: 100%;
      }
    `,
  ];

  @query('canvas') private canvas!: HTMLCanvasElement;
  private chart: Chart | undefined;

  private readonly figures = new Task(this, {
    task: async (_args, { signal }) => {
      const [answer, ChartClass] = await Promise.all([
        api<{ data: DailyFigure[] }>('/admin/checkouts/daily', { signal }),
        chartLibrary(),
      ]);
      return { days: answer.data, ChartClass };
    },
    args: () => [],
  });

  override updated(): void {
    const value = this.figures.value;
    if (!value || !this.canvas || this.chart) return;
    const style = getComputedStyle(this);
    const colour = (name: string) => style.getPropertyValue(name).trim();
    const days = value.days;
    this.chart = new value.ChartClass(this.canvas, {
      data: {
        labels: days.map((day) => formatDay(day.date)),
        datasets: [
          {
            type: 'bar',
            label: t.paid,
            data: days.map((d) => d.paid),
            backgroundColor: colour('--_success'),
            stack: 'n',
          },
          {
            type: 'bar',
            label: t.failed,
            data: days.map((d) => d.failed),
            backgroundColor: colour('--_danger'),
            stack: 'n',
          },
          {
            type: 'bar',
            label: t.expired,
            data: days.map((d) => d.expired),
            backgroundColor: colour('--_muted'),
            stack: 'n',
          },
          {
            type: 'bar',
            label: t.open,
            data: days.map((d) => d.open),
            backgroundColor: colour('--_border'),
            stack: 'n',
          },
          {
            type: 'line',
            label: t.paidShareAxis,
            data: days.map((d) => percent(d.paid_share)),
            borderColor: colour('--_accent'),
            backgroundColor: colour('--_accent'),
            yAxisID: 'share',
          },
        ],
      },
      options: {
        maintainAspectRatio: false,
        animation: false,
        color: colour('--_text'),
        scales: {
          x: { stacked: true, ticks: { color: colour('--_muted') } },
          y: {
            stacked: true,
            beginAtZero: true,
            ticks: { precision: 0, color: colour('--_muted') },
          },
          share: {
            position: 'right',
            min: 0,
            max: 100,
            grid: { drawOnChartArea: false },
            ticks: { color: colour('--_muted') },
          },
        },
      },
    });
  }

  override disconnectedCallback(): void {
    this.chart?.destroy();
    this.chart = undefined;
    super.disconnectedCallback();
  }

  override render() {
    return this.figures.render({
      pending: () => html`<p class="muted" role="status">${strings.loading}</p>`,
      error: (error) => html`<p class="muted">${t.chartUnavailable} ${errorText(error)}</p>`,
      complete: ({ days }) => html`
        <div class="plot"><canvas aria-hidden="true"></canvas></div>
        <details>
          <summary>${t.chartTable}</summary>
          ${dataTable(
            t.chartHeading,
            [
              { heading: t.date, cell: (day) => formatDay(day.date), rowHeader: true },
              { heading: t.created, cell: (day) => day.created },
              { heading: t.paid, cell: (day) => day.paid },
              { heading: t.failed, cell: (day) => day.failed },
              { heading: t.expired, cell: (day) => day.expired },
              { heading: t.open, cell: (day) => day.open },
              {
                heading: t.paidShare,
                cell: (day) => {
                  const share = percent(day.paid_share);
                  return share === null ? strings.none : t.percent(share);
                },
              },
            ],
            days,
          )}
        </details>`,
    });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'cp-daily-chart': DailyChart;
  }
}
