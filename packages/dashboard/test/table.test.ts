/**
 * The one table renderer, in Chromium: a caption for screen readers (or shown), column
 * headings, a heading only screen readers read, a row header, an amounts column, and the empty
 * line.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { dataTable } from '../src/table.ts';

interface Row {
  day: string;
  paid: number;
}

const COLUMNS = [
  { heading: 'Date', cell: (row: Row) => row.day, rowHeader: true },
  { heading: 'Paid', cell: (row: Row) => row.paid, cellClass: () => 'mono', numeric: true },
  { heading: 'Actions', headingHidden: true, cell: () => html`<button>Go</button>` },
  false as const,
];

describe('dataTable', () => {
  it('draws a row per item in a box a keyboard can scroll, and is accessible', async () => {
    const el = await fixture(
      html`<div>${dataTable('Payments per day', COLUMNS, [{ day: '2026-11-29', paid: 3 }])}</div>`,
    );
    await expect(el).to.be.accessible();
    expect(el.querySelector('.table-box')?.getAttribute('tabindex')).to.equal('0');
    expect(el.querySelector('caption')?.className).to.equal('visually-hidden');
    expect([...el.querySelectorAll('thead th')].map((th) => th.textContent?.trim())).to.deep.equal([
      'Date',
      'Paid',
      'Actions',
    ]);
    expect(el.querySelector('thead th:last-child span')?.className).to.equal('visually-hidden');
    expect(el.querySelector('tbody th')?.getAttribute('scope')).to.equal('row');
    expect(el.querySelector('tbody td.mono')?.textContent).to.equal('3');
    // An amounts column is aligned to the end, its heading with it; a cell keeps its own class.
    expect(el.querySelector('thead th:nth-child(2)')?.className).to.equal('numeric');
    expect(el.querySelector('tbody td')?.className).to.equal('mono numeric');
  });

  it('shows its caption when asked, and a line instead of an empty table', async () => {
    const shown = await fixture(
      html`<div>${dataTable('Invoices', COLUMNS, [{ day: 'x', paid: 1 }], { captionShown: true })}</div>`,
    );
    expect(shown.querySelector('caption')?.hasAttribute('class')).to.equal(false);
    const empty = await fixture(
      html`<div>${dataTable('Invoices', COLUMNS, [], { empty: 'No callback about one yet.' })}</div>`,
    );
    expect(empty.querySelector('table')).to.equal(null);
    expect(empty.textContent?.trim()).to.equal('No callback about one yet.');
  });
});
