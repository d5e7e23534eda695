/**
 * The one table renderer, in Chromium: a caption for screen readers (or shown), column
 * headings, a heading only screen readers read, a row header, an amounts column, and the empty
 * line; on a phone, a shadow at the edge the table goes on beyond, and addresses wrapped in
 * lines of a readable length.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { render } from 'lit';
import { shared, tokens } from '../src/styles.ts';
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
  describe('on a phone (343 px for the table, as at 375 px)', () => {
    const URL_ = 'https://hooks.merchant-shop.example/webhooks/crypto-pay/incoming';
    const WIDE = [
      { heading: 'Endpoint', cell: () => URL_, address: true },
      { heading: 'Event', cell: () => 'checkout.created' },
      { heading: 'Answer', cell: () => 'failed: no answer after 21 ms, connection failed' },
      { heading: 'When', cell: () => '01 Dec 2026, 04:08:26 UTC' },
      { heading: 'Actions', headingHidden: true, cell: () => html`<button>Redeliver</button>` },
    ];

    /** The table drawn with the pages' own styles, in a box as wide as a phone's page. */
    async function onPhone() {
      const host = await fixture(html`<div style="width: 343px"></div>`);
      const root = host.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [tokens.styleSheet!, shared.styleSheet!];
      render(dataTable('Failing deliveries', WIDE, [{}]), root);
      return root;
    }

    it('scrolls in its box, a shadow at the edge that has more and none at the one reached', async () => {
      const root = await onPhone();
      const box = root.querySelector<HTMLElement>('.table-box')!;
      expect(box.scrollWidth).to.be.greaterThan(box.clientWidth);
      // Covers that move with the table over shadows that stay at the box's edges: at the start,
      // the left shadow is covered and the right one shows; scrolled to the end, the other way.
      const style = getComputedStyle(box);
      expect(style.backgroundAttachment).to.equal('local, local, scroll, scroll');
      expect(style.backgroundImage.match(/linear-gradient/g)).to.have.length(4);
      const button = root.querySelector('button')!;
      expect(button.getBoundingClientRect().left).to.be.greaterThan(
        box.getBoundingClientRect().right,
      );
    });

    it('wraps an address after its slashes and before its dots, a few lines, not a word a line', async () => {
      const root = await onPhone();
      const cell = root.querySelector<HTMLElement>('td.address')!;
      expect(cell.textContent).to.equal(URL_);
      expect(
        [...cell.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent)
          .map((node) => node.textContent),
      ).to.deep.equal([
        'https://',
        'hooks',
        '.merchant-shop',
        '.example/',
        'webhooks/',
        'crypto-pay/',
        'incoming',
      ]);
      // The lines the address takes: its pieces' distinct tops (the row is as tall as its tallest cell).
      const range = document.createRange();
      range.selectNodeContents(cell);
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      expect(lines).to.be.within(2, 4);
    });
  });
});
