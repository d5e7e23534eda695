/**
 * The one way the dashboard draws a table: a caption (visible or for screen readers only),
 * column headings, a row per item, inside a box that scrolls sideways on its own at 375 px
 * (focusable, so a keyboard can scroll it; a shadow at an edge says more lies that way), or a
 * line saying there is nothing to show.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { strings } from './strings.ts';

export interface Column<T> {
  heading: string;
  /** The heading is for screen readers only (a column of buttons). */
  headingHidden?: boolean;
  /** The cell's content; Lit binds it as text unless it is a template. */
  cell: (row: T) => unknown;
  /** A class of the cell (`mono`, `error`), from its row. */
  cellClass?: (row: T) => string;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** Amounts: the column is aligned to the end, in digits of one width, so they compare. */
  numeric?: boolean;
  /**
   * Web addresses (the cell gives a string): wrapped after a slash or before a dot, as printed
   * addresses are, in lines long enough to read, never a few characters a line.
   */
  address?: boolean;
}

/** `address` with a place to wrap after each slash (not inside `//`) and before each dot. */
function wrappable(address: string) {
  return address
    .split(/(?<=\/)(?!\/)|(?=[.?#&])/)
    .map((part, index) => (index === 0 ? part : html`<wbr />${part}`));
}

export interface TableOptions {
  /** The caption shows (a page with several tables); else it is for screen readers. */
  captionShown?: boolean;
  /** What to say when there is no row. */
  empty?: string;
}

/** `rows` as a table of `columns`, or the empty line when there is none. */
export function dataTable<T>(
  caption: string,
  columns: readonly (Column<T> | false)[],
  rows: readonly T[],
  options: TableOptions = {},
): TemplateResult {
  if (rows.length === 0) return html`<p>${options.empty ?? strings.empty}</p>`;
  const shown = columns.filter((column): column is Column<T> => column !== false);
  return html`<div class="table-box" tabindex="0">
    <table>
      <caption class=${options.captionShown ? nothing : 'visually-hidden'}>${caption}</caption>
      <thead>
        <tr>
          ${shown.map(
            (column) =>
              html`<th scope="col" class=${column.numeric ? 'numeric' : nothing}>${
                column.headingHidden
                  ? html`<span class="visually-hidden">${column.heading}</span>`
                  : column.heading
              }</th>`,
          )}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) => html`<tr>
            ${shown.map((column) => {
              const cls =
                [
                  column.cellClass?.(row),
                  column.numeric && 'numeric',
                  column.address && 'mono address',
                ]
                  .filter(Boolean)
                  .join(' ') || nothing;
              const value = column.cell(row);
              const content =
                column.address && typeof value === 'string' ? wrappable(value) : value;
              return column.rowHeader
                ? html`<th scope="row" class=${cls}>${content}</th>`
                : html`<td class=${cls}>${content}</td>`;
            })}
          </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}
