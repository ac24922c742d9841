// CSV that Excel and LibreOffice in French open as they should: UTF-8 with a byte-order mark (or
// Excel reads it as Windows-1252 and breaks every accent), ';' between cells (',' is the French
// decimal separator), CRLF line ends, cells quoted when they hold ';', '"' or a line break. A cell
// a spreadsheet would take for a formula (= + - @, a tab or carriage return first) starts with a
// quote, so a customer's name like =HYPERLINK(…) stays text (CSV injection).
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const lines = [headers, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** An amount in Da with a decimal comma ("1250,50"), as a French spreadsheet reads a number. */
export function csvAmount(da: number): string {
  return da.toFixed(2).replace('.', ',');
}
