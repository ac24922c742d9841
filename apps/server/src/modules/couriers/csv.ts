// CSV that Excel and LibreOffice in French open as they should: UTF-8 with a byte-order mark (or
// Excel reads it as Windows-1252 and breaks every accent), ';' between cells (',' is the French
// decimal separator), CRLF line ends, cells quoted when they hold ';', ',', '"' or a line break
// (LibreOffice's import dialog splits on ',' too unless told otherwise). A cell a spreadsheet would
// take for a formula (= + - @, a tab or carriage return first) starts with a quote, so a
// customer's name like =HYPERLINK(…) stays text (CSV injection).
import { Readable } from 'node:stream';
import { formatAlgerianPhone } from '@shop/domain/phone-number';

export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

export type Cell = string | number | boolean | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  // A negative amount ("-100,00") is a number, not a formula: it stays one.
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+([.,]\d+)?$/.test(text)) text = `'${text}`;
  return /[";,\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

const csvLine = (row: readonly Cell[]) => `${row.map(csvCell).join(CSV_SEPARATOR)}\r\n`;

export function toCsv(headers: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return `${BOM}${[headers, ...rows].map(csvLine).join('')}`;
}

/**
 * The same file as toCsv, written as its rows come, a batch at a time: memory holds one batch
 * whatever the file's size, and the stream reads the next batch only when the client has taken the
 * last (backpressure). The first batch is read before answering, so a fault there is still an
 * error answer and not a cut file.
 */
export async function csvStream(
  headers: readonly string[],
  batches: AsyncIterable<readonly (readonly Cell[])[]>,
): Promise<Readable> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* text() {
    yield `${BOM}${csvLine(headers)}`;
    for (let next = first; next.done !== true; next = await iterator.next()) {
      if (next.value.length > 0) yield next.value.map(csvLine).join('');
    }
  }
  return Readable.from(text(), { objectMode: false });
}

/** An amount in Da with a decimal comma ("1250,50"), as a French spreadsheet reads a number. */
export function csvAmount(da: number): string {
  return da.toFixed(2).replace('.', ',');
}

/**
 * A phone as a spreadsheet keeps it: grouped as Algerians write it ("0661 23 45 67"), which Excel
 * and LibreOffice both read as text, where "0661234567" becomes the number 661234567. A formula
 * (="0661234567") works in Excel but shows as typed in LibreOffice, whose CSV import does not
 * evaluate formulas by default; a leading apostrophe shows in both (docs/decisions).
 */
export function csvPhone(phone: string): string {
  return formatAlgerianPhone(phone);
}

// Making a formatter costs a hundred times more than using one: an export of a year of orders
// makes one per time zone, not one per line.
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * A stored time (ISO, or SQLite's "YYYY-MM-DD HH:MM:SS" in UTC) on the shop's clock, as
 * "YYYY-MM-DD HH:MM:SS": the time the back office shows, not UTC.
 */
export function csvDateTime(stored: string, timeZone: string): string {
  const date = new Date(stored.includes('T') ? stored : `${stored.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return stored;
  const parts = Object.fromEntries(
    clockOf(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}
