/**
 * Rows of a CSV file as RFC 4180 writes them (CRLF line ends; a cell with a comma, a quote or
 * a line break quoted, its quotes doubled), made safe to open in a spreadsheet: a cell that
 * begins with = + - @ a tab or a carriage return, which a spreadsheet would read as a formula,
 * is written with a leading ' (OWASP's "CSV injection" advice).
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell: empty for undefined. */
export function csvCell(value: string | number | undefined): string {
  if (value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One row, with its line end. */
export const csvRow = (cells: readonly (string | number | undefined)[]): string =>
  `${cells.map(csvCell).join(',')}\r\n`;
