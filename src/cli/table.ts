/** Plain-text tables for the CLI's human output: a header row, columns padded to their widest cell; nothing for no rows. */
export function table(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  if (rows.length === 0) return '';
  const cells = [headers, ...rows.map((row) => row.map((cell) => oneLine(cell)))];
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => String(row[i] ?? '').length)));
  return cells.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : String(cell).padEnd(widths[i]!))).join('  ').trimEnd()).join('\n') + '\n';
}

/** A cell on one line: line breaks and tabs become spaces, nothing becomes "-". */
function oneLine(cell: string | number | boolean | null | undefined): string {
  if (cell === null || cell === undefined || cell === '') return '-';
  return String(cell).replace(/\s+/g, ' ');
}

/** An ISO timestamp as it reads in a table: date and time to the second, UTC. */
export const when = (iso: string | null | undefined) => (iso ? iso.replace('T', ' ').replace(/\.\d+Z$|Z$/, 'Z') : '');
