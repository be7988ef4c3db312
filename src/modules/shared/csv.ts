/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a value
 * starting with = + - @ (or a tab or carriage return) gets a leading ' so a spreadsheet shows it
 * rather than running it as a formula.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the first one the header) as CSV text with CRLF line ends. */
export const csvText = (rows: Array<Array<string | number | boolean | null>>): string =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
