/** CSV as RFC 4180 writes it: CRLF line ends, fields quoted when they hold the separator, a quote, CR or LF. */

export type CsvFormat = 'CSV_DEFAULT' | 'CSV_EXCEL';

const BOM = '\uFEFF';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a formula:
 * for CSV_EXCEL such a cell is written with a leading apostrophe, which Excel shows as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: string, excel: boolean): string {
  const text = excel && FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows as CSV with a header line. CSV_DEFAULT: UTF-8, comma-separated, CRLF. CSV_EXCEL: the
 * same, starting with a UTF-8 byte order mark (so Excel reads it as UTF-8) and with formula-like
 * cells written as text.
 */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>, format: CsvFormat): string {
  const excel = format === 'CSV_EXCEL';
  const lines = [header, ...rows].map((cells) => cells.map((c) => field(c, excel)).join(','));
  return (excel ? BOM : '') + lines.join('\r\n') + '\r\n';
}
