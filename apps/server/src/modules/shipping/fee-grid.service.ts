// The shipping table matched to a courier's grid: the owner previews a grid wilaya by
// wilaya (home and stop desk fees, old → new, and how many communes are priced apart), then applies
// it in one transaction. A grid comes from Yalidine's fees (GET /fees/ from the shop's wilaya,
// commune by commune: the wilaya takes its most common fee, the communes that cost something else
// are priced apart) or from a CSV file ("wilaya; home; stop desk", or "wilaya; commune; home; stop
// desk"); a file with any line that cannot be read is refused whole, each bad line named, and
// nothing is written. A grid that prices communes replaces the wilaya's communes priced apart.
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parse } from 'csv-parse';
import { parseAmount } from '@shop/domain/common-schemas';
import { MAX_PRICE_DA } from '@shop/domain/constants';
import { toCentimes, toDa } from '@shop/domain/money';
import { communeKey } from '@shop/domain/geo/communes';
import type { FeeGridRow } from '@shop/domain/shipping-schemas';
import type { CommuneFee, FeeGridLineError, FeeGridPreview, ShippingPrice } from '@shop/domain/shipping-responses';
import { wilayaKey } from '@shop/domain/wilaya';
import type { Selectable } from 'kysely';
import type { CommuneFeeTable, Database, ShippingPriceTable } from '../../db/database.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { CourierError, type Courier, type WilayaFees } from '../couriers/courier.ts';
import { wilayaIn } from '@shop/domain/geo/wilayas';
import { communeListOf, matchCommune, movedFrom, type Division } from './geography.ts';
import * as repo from './shipping.repository.ts';
import { listShippingPrices } from './shipping.service.ts';

type Row = Selectable<ShippingPriceTable>;
type FeeRow = Selectable<CommuneFeeTable>;
type GridCommune = NonNullable<FeeGridRow['communes']>[number];

/** What a CSV cell may say for "no stop desk here". */
const NO_STOP_DESK = new Set(['', '-', '—', 'non', 'no', 'none', 'aucun', 'aucune', 'x']);

const cents = (da: number | null) => (da === null ? null : toCentimes(da));
const da = (c: number | null) => (c === null ? null : toDa(c));

/**
 * A wilaya's communes priced apart, as they are kept: a fee equal to the wilaya's is the wilaya's
 * (null), a commune left with no fee of its own is not priced apart; by name.
 */
function ownFees(
  wilaya: { price: number; stop_desk_price: number | null },
  communes: readonly GridCommune[],
): CommuneFee[] {
  const own = (fee: number | null, wilayaFee: number | null) =>
    fee !== null && cents(fee) !== cents(wilayaFee) ? fee : null;
  return communes
    .map((c) => ({
      name: c.name,
      price: own(c.price, wilaya.price),
      stop_desk_price: own(c.stop_desk_price, wilaya.stop_desk_price),
    }))
    .filter((c) => c.price !== null || c.stop_desk_price !== null)
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether a wilaya's communes priced apart are these already. */
function sameCommunes(current: readonly FeeRow[], next: readonly CommuneFee[]): boolean {
  if (current.length !== next.length) return false;
  return next.every((c) =>
    current.some(
      (f) =>
        f.commune_name === c.name &&
        f.price_cents === cents(c.price) &&
        f.stop_desk_price_cents === cents(c.stop_desk_price),
    ),
  );
}

/**
 * The grid's communes of a wilaya named as the commune data names them; the names it does not
 * have, or given twice, as problems. A wilaya the data does not have keeps the names as written.
 */
function namedCommunes(
  division: Division,
  row: Row,
  communes: readonly GridCommune[],
): { communes: GridCommune[]; problems: string[] } {
  const list = communeListOf(division, row.wilaya_code, row.wilaya_name)?.communes;
  const problems: string[] = [];
  const seen = new Set<string>();
  const named: GridCommune[] = [];
  for (const c of communes) {
    const found = list ? matchCommune(list, c.name) : undefined;
    if (list && !found) {
      problems.push(`unknown commune "${c.name}" in ${row.wilaya_name}`);
      continue;
    }
    const name = found?.name ?? c.name.trim();
    if (seen.has(communeKey(name))) {
      problems.push(`${name} comes twice`);
      continue;
    }
    seen.add(communeKey(name));
    named.push({ ...c, name });
  }
  return { communes: named, problems };
}

/**
 * The table's wilayas by number and by normalised name, built once per file: a file's lines are
 * each looked up in it, where normalising the 58 names again for every line of a 200 kB file of
 * one-letter lines held the process for seconds. A wilaya cell: its number ("16", "016"), its name
 * (any case or accents), or both as couriers' and the shop's own lists write them ("16 - Alger",
 * "16. Alger"); a number whose name is another wilaya's is none.
 */
function wilayaIndex(rows: readonly Row[]): (cell: string) => Row | undefined {
  const byCode = new Map<number, Row>();
  const byName = new Map<string, Row>();
  for (const row of rows) {
    if (row.wilaya_code !== null && !byCode.has(row.wilaya_code)) byCode.set(row.wilaya_code, row);
    const key = wilayaKey(row.wilaya_name);
    if (!byName.has(key)) byName.set(key, row);
  }
  return (cell) => {
    const numbered = /^(\d{1,3})\s*[-–—.:)]?\s*(.*)$/.exec(cell);
    if (!numbered) return byName.get(wilayaKey(cell));
    const row = byCode.get(Number(numbered[1]));
    const named = numbered[2] ? byName.get(wilayaKey(numbered[2])) : undefined;
    return named && named !== row ? undefined : row;
  };
}

/**
 * The first line that shows a character the browser could not read as UTF-8 ("B�ja�a"): the
 * file was saved in another encoding and sent without being decoded from it.
 */
function undecodedLine(text: string): { line: number; text: string } | null {
  const lines = text.split(/\r?\n/);
  const index = lines.findIndex((line) => line.includes('\uFFFD'));
  return index < 0 ? null : { line: index + 1, text: lines[index] ?? '' };
}

/** An amount cell in whole dinars or centimes: null when it is not one, with why. */
function readFee(cell: string, label: string): { value: number } | { error: string } {
  const amount = parseAmount(cell);
  if (amount === undefined) return { error: `${label} is missing` };
  if (amount === null) return { error: `${label} "${cell}" is not an amount (like 450 or 450,50)` };
  if (amount < 0) return { error: `${label} cannot be negative` };
  if (amount > MAX_PRICE_DA) return { error: `${label} must be at most ${MAX_PRICE_DA} Da` };
  if (Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6)
    return { error: `${label} can have at most two decimals` };
  return { value: amount };
}

/** Bad lines a refused file's answer names (all are counted): 100 000 of them would make a 5 MB answer. */
export const FEE_CSV_LISTED_ERRORS = 100;
/** Lines read between two turns of the event loop. */
const FEE_CSV_SLICE = 500;

/** A file's records as the parser reads them, a few kilobytes at a time (never the whole file at once). */
function csvRecords(body: string, delimiter: string): AsyncIterable<{ record: string[]; info: { lines: number } }> {
  const chunks = function* () {
    for (let at = 0; at < body.length; at += 4096) yield body.slice(at, at + 4096);
  };
  return Readable.from(chunks()).pipe(
    parse({
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }),
  );
}

/**
 * The grid of a CSV file: one wilaya a line, "wilaya; home; stop desk", or one commune a line,
 * "wilaya; commune; home; stop desk" (a line of four cells whose second is not an amount; an empty
 * commune is the whole wilaya; a commune's empty fee is the wilaya's). `;`, tab or `,` between
 * cells, found on the first line; an optional header line; an empty stop desk or "-" is none.
 * A wilaya with commune lines but no line of its own keeps its fees. When the file has the
 * commune column, each of its wilayas gets the file's communes priced apart (none: none), else
 * they keep theirs. Every bad line is counted, and the first FEE_CSV_LISTED_ERRORS are named with
 * their numbers. The file is read in slices, so a large one does not hold other requests.
 */
export async function readFeeCsv(
  text: string,
  table: readonly Row[],
  division: Division,
): Promise<{ rows: FeeGridRow[]; errors: FeeGridLineError[]; badLines: number }> {
  const body = text.replace(/^\uFEFF/, '');
  const garbled = undecodedLine(body);
  if (garbled) {
    const message = `The file is not UTF-8 text ("${garbled.text.slice(0, 60)}"): save it from Excel as "CSV UTF-8", then import it again`;
    return { rows: [], errors: [{ line: garbled.line, message }], badLines: 1 };
  }
  const firstLine = body.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  const findWilaya = wilayaIndex(table);
  const errors: FeeGridLineError[] = [];
  let badLines = 0;
  const refuse = (line: number, message: string) => {
    badLines++;
    if (errors.length < FEE_CSV_LISTED_ERRORS) errors.push({ line, message });
  };
  /** The wilayas in the file's order, each with its own line (if any) and its communes' lines. */
  const wilayas = new Map<number, { row: Row; own?: { line: number; price: number; desk: number | null } }>();
  const communes = new Map<number, { line: number; commune: GridCommune }[]>();
  let communeColumn = false;
  function readLine(record: string[], line: number, index: number): void {
    const withCommune = record.length >= 4 && parseAmount(record[1] ?? '') == null;
    const cells = withCommune ? record : [record[0] ?? '', '', ...record.slice(1)];
    const [wilaya = '', commune = '', home = '', desk = '', ...extra] = cells;
    // A header: the first line, whose home fee is not a number.
    if (index === 0 && parseAmount(home) === null) {
      communeColumn ||= withCommune;
      return;
    }
    communeColumn ||= withCommune;
    const problems: string[] = [];
    if (extra.some((cell) => cell !== ''))
      problems.push(
        withCommune
          ? `expected 4 cells (wilaya; commune; home; stop desk), found ${record.length}`
          : `expected 3 cells (wilaya; home; stop desk), found ${record.length}`,
      );
    const row = wilaya === '' ? undefined : findWilaya(wilaya);
    if (wilaya === '') problems.push('the wilaya is missing');
    else if (!row || row.wilaya_code === null) problems.push(`unknown wilaya "${wilaya}"`);
    const code = row?.wilaya_code ?? null;
    // A commune's empty home fee is the wilaya's.
    const price = commune !== '' && home === '' ? { value: null } : readFee(home, 'The home fee');
    if ('error' in price) problems.push(price.error);
    const noDesk = NO_STOP_DESK.has(desk.toLowerCase());
    const stopDesk = noDesk ? null : readFee(desk, 'The stop desk fee');
    if (stopDesk && 'error' in stopDesk) problems.push(stopDesk.error);
    let named: GridCommune | undefined;
    if (row && code !== null) {
      const known = wilayas.get(code);
      if (commune === '') {
        if (known?.own) problems.push(`${row.wilaya_name} is already on line ${known.own.line}`);
      } else {
        const found = namedCommunes(division, row, [{ name: commune, price: null, stop_desk_price: null }]);
        problems.push(...found.problems);
        named = found.communes[0];
        const twice = named && communes.get(code)?.find((c) => c.commune.name === named?.name);
        if (named && twice) problems.push(`${named.name} is already on line ${twice.line}`);
      }
    }
    if (problems.length > 0 || !row || code === null || 'error' in price || (stopDesk && 'error' in stopDesk)) {
      refuse(line, problems.join('; '));
      return;
    }
    const entry = wilayas.get(code) ?? { row };
    wilayas.set(code, entry);
    const deskFee = stopDesk ? stopDesk.value : null;
    if (named) {
      const list = communes.get(code) ?? [];
      list.push({ line, commune: { name: named.name, price: price.value, stop_desk_price: deskFee } });
      communes.set(code, list);
    } else if (price.value !== null) {
      entry.own = { line, price: price.value, desk: deskFee };
    }
  }
  let index = 0;
  try {
    for await (const { record, info } of csvRecords(body, delimiter)) {
      // Other requests are answered between slices of a long file.
      if (index > 0 && index % FEE_CSV_SLICE === 0) await nextTurn();
      readLine(record, info.lines, index++);
    }
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const message = `The file cannot be read as CSV: ${(error as Error).message}`;
    return { rows: [], errors: [{ line, message }], badLines: 1 };
  }
  const rows: FeeGridRow[] = [...wilayas.entries()].map(([code, { row, own }]) => ({
    wilaya_code: code,
    price: own ? own.price : toDa(row.price_cents),
    stop_desk_price: own ? own.desk : da(row.stop_desk_price_cents),
    ...(communeColumn ? { communes: (communes.get(code) ?? []).map((c) => c.commune) } : {}),
  }));
  if (rows.length === 0 && badLines === 0) refuse(1, 'The file has no wilaya line');
  return { rows, errors, badLines };
}

/** How the grid's rows differ from the table (fees and communes priced apart), wilaya by wilaya. */
function compare(
  table: readonly Row[],
  fees: readonly FeeRow[],
  grid: readonly (FeeGridRow & { note?: string | null })[],
): FeeGridPreview['rows'] {
  return grid.flatMap((g) => {
    const row = table.find((r) => r.wilaya_code === g.wilaya_code);
    if (!row) return [];
    const oldPrice = toDa(row.price_cents);
    const oldDesk = da(row.stop_desk_price_cents);
    const current = fees.filter((f) => f.shipping_price_id === row.id);
    const communes = g.communes ? ownFees(g, g.communes) : null;
    return [
      {
        wilaya_code: g.wilaya_code,
        wilaya_name: row.wilaya_name,
        price: { old: oldPrice, new: g.price },
        stop_desk_price: { old: oldDesk, new: g.stop_desk_price },
        communes,
        communes_before: current.length,
        changed:
          toCentimes(g.price) !== row.price_cents ||
          cents(g.stop_desk_price) !== row.stop_desk_price_cents ||
          (communes !== null && !sameCommunes(current, communes)),
        note: g.note ?? null,
      },
    ];
  });
}

/** A CSV grid's preview; 400 naming every bad line (nothing is written either way). */
export async function previewCsvGrid(db: Database, division: Division, csv: string): Promise<FeeGridPreview> {
  const [table, fees] = await Promise.all([repo.listShippingPrices(db), repo.listCommuneFees(db)]);
  const { rows, errors, badLines } = await readFeeCsv(csv, table, division);
  if (badLines > 0) {
    const listed = badLines > errors.length ? ` (the first ${errors.length} are listed)` : '';
    throw badRequest(
      `${badLines} line(s) of the file cannot be read${listed}; nothing was changed. Line ${errors[0]?.line}: ${errors[0]?.message}`,
      { errors },
    );
  }
  return { rows: compare(table, fees, rows), skipped: [], remaining: [] };
}

/**
 * Applies a grid in one transaction: each wilaya's home and stop desk fees and, when the row
 * prices communes, its communes priced apart (replacing the wilaya's). Refused whole (400, each
 * bad row named by its place in the list) when a wilaya is not in the table or comes twice, or a
 * commune is not one of its wilaya's. The owner chose the grid: its wilayas' fees are no longer
 * provisional.
 */
export async function applyFeeGrid(
  db: Database,
  division: Division,
  grid: readonly FeeGridRow[],
): Promise<{ prices: ShippingPrice[]; changed: number }> {
  const changed = await db.transaction().execute(async (trx) => {
    const table = await repo.listShippingPrices(trx);
    const errors: FeeGridLineError[] = [];
    const seen = new Set<number>();
    const named = new Map<number, GridCommune[]>();
    grid.forEach((g, index) => {
      const row = table.find((r) => r.wilaya_code === g.wilaya_code);
      if (!row) {
        errors.push({ line: index + 1, message: `No wilaya number ${g.wilaya_code} in the shipping table` });
      } else if (seen.has(g.wilaya_code)) {
        errors.push({ line: index + 1, message: `Wilaya number ${g.wilaya_code} comes twice` });
      } else if (g.communes) {
        const { communes, problems } = namedCommunes(division, row, g.communes);
        if (problems.length > 0) errors.push({ line: index + 1, message: problems.join('; ') });
        named.set(g.wilaya_code, communes);
      }
      seen.add(g.wilaya_code);
    });
    if (errors.length > 0) {
      throw badRequest(`${errors.length} row(s) of the grid are wrong; nothing was changed`, { errors });
    }
    const fees = await repo.listCommuneFees(trx);
    let count = 0;
    for (const g of grid) {
      const row = table.find((r) => r.wilaya_code === g.wilaya_code);
      if (!row) continue;
      const price_cents = toCentimes(g.price);
      const stop_desk_price_cents = cents(g.stop_desk_price);
      const feesChanged = price_cents !== row.price_cents || stop_desk_price_cents !== row.stop_desk_price_cents;
      if (feesChanged) await repo.setShippingFees(trx, row.id, { price_cents, stop_desk_price_cents });
      const communes = named.get(g.wilaya_code);
      const own = communes ? ownFees(g, communes) : null;
      const current = fees.filter((f) => f.shipping_price_id === row.id);
      const communesChanged = own !== null && !sameCommunes(current, own);
      if (own && communesChanged) {
        await repo.replaceCommuneFees(
          trx,
          row.id,
          own.map((c) => ({
            commune_name: c.name,
            price_cents: cents(c.price),
            stop_desk_price_cents: cents(c.stop_desk_price),
          })),
        );
      }
      if (feesChanged || communesChanged) count++;
    }
    await repo.confirmShippingFees(
      trx,
      table.filter((r) => r.provisional === 1 && seen.has(r.wilaya_code ?? -1)).map((r) => r.id),
    );
    return count;
  });
  return { prices: await listShippingPrices(db), changed };
}

/** The most common of the fees (ties: the higher), with the lowest and highest; null when none. */
function commonFee(fees: readonly (number | null)[]): { fee: number; min: number; max: number } | null {
  const known = fees.filter((f): f is number => f !== null);
  if (known.length === 0) return null;
  const counts = new Map<number, number>();
  for (const f of known) counts.set(f, (counts.get(f) ?? 0) + 1);
  const [fee] = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [known[0] ?? 0];
  return { fee, min: Math.min(...known), max: Math.max(...known) };
}

/**
 * A wilaya's row of Yalidine's grid: the wilaya takes its communes' most common fee, and the
 * communes that cost something else are priced apart (named as the commune data names them; one
 * the data does not have is left out, and noted).
 */
function gridRow(
  division: Division,
  fees: WilayaFees & { note: string | null },
  hasCentre: boolean,
  table: Row,
): { row: FeeGridRow & { note: string | null } } | { skipped: string } {
  const home = commonFee(fees.communes.map((c) => c.home));
  if (!home) return { skipped: 'Yalidine gives no home delivery fee for this wilaya' };
  const desk = hasCentre ? commonFee(fees.communes.map((c) => c.desk)) : null;
  const wilaya = { price: home.fee, stop_desk_price: desk ? desk.fee : null };
  const priced = ownFees(
    wilaya,
    fees.communes.map((c) => ({ name: c.commune, price: c.home, stop_desk_price: desk ? c.desk : null })),
  );
  const list = communeListOf(division, table.wilaya_code, table.wilaya_name)?.communes;
  const communes: GridCommune[] = [];
  const unknown: string[] = [];
  for (const c of priced) {
    const found = list ? matchCommune(list, c.name) : undefined;
    if (list && !found) unknown.push(c.name);
    else if (!communes.some((k) => k.name === (found?.name ?? c.name)))
      communes.push({ ...c, name: found?.name ?? c.name });
  }
  const notes: string[] = [];
  if (fees.note) notes.push(fees.note);
  if (home.min !== home.max) {
    notes.push(`communes cost ${home.min}–${home.max} Da at home; the most common fee is taken`);
  }
  if (desk && desk.min !== desk.max) notes.push(`stop desk ${desk.min}–${desk.max} Da by commune`);
  if (communes.length > 0) notes.push(`${communes.length} commune(s) priced apart`);
  if (unknown.length > 0) notes.push(`not in the commune list, left at the wilaya's fees: ${unknown.join(', ')}`);
  if (!hasCentre) notes.push('Yalidine has no stop desk in this wilaya');
  return {
    row: { ...wilaya, wilaya_code: fees.wilayaCode, communes, note: notes.length > 0 ? notes.join('; ') : null },
  };
}

/**
 * A wilaya's fees out of the grid Yalidine gives for the wilaya it knows it as (its own, or for a
 * wilaya newer than Yalidine's division the one it was made from, whose grid lists its communes):
 * only the communes the division in force puts in this wilaya. Those now in another wilaya are
 * left to it and noted.
 */
function feesOfWilaya(division: Division, row: Row, spoken: WilayaFees): WilayaFees & { note: string | null } {
  const own = communeListOf(division, row.wilaya_code, row.wilaya_name);
  if (!own) return { ...spoken, note: null };
  // Read from the grid of the wilaya it was made from: only the communes that are its own now.
  const borrowed = spoken.wilayaCode !== own.code;
  const elsewhere = new Map<string, number>();
  const communes = spoken.communes.filter((c) => {
    if (matchCommune(own.communes, c.commune)) return true;
    if (borrowed) return false;
    const moved = movedFrom(division, own.code, c.commune);
    if (!moved) return true; // unknown to the data: noted by gridRow
    const where = `${moved.wilaya.code} ${moved.wilaya.name}`;
    elsewhere.set(where, (elsewhere.get(where) ?? 0) + 1);
    return false;
  });
  const notes = [
    ...(borrowed
      ? [`Yalidine's grid of ${spoken.wilayaCode} ${spoken.wilaya}, its communes in ${own.code} ${row.wilaya_name}`]
      : []),
    ...[...elsewhere].map(([wilaya, n]) => `${n} commune(s) of Yalidine's ${spoken.wilaya} are in ${wilaya} now`),
  ];
  return { ...spoken, communes, note: notes.length > 0 ? notes.join('; ') : null };
}

export interface YalidinePreviewOptions {
  /** The shop's own wilaya, where parcels leave from (YALIDINE_FROM_WILAYA). */
  fromWilaya: string;
  /** The wilayas to fetch (all the table's when omitted). */
  codes?: readonly number[] | undefined;
  /** How long one call may go on waiting for the courier's quota; past it, the rest is "remaining". */
  budgetMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** About a minute and a half of Yalidine's default quota (50 calls a minute), kept under a proxy's 60 s. */
export const FEE_FETCH_BUDGET_MS = 45_000;

/**
 * Yalidine's grid for the table's wilayas (one GET /fees/ each, and the centres once, to know which
 * wilayas have a stop desk), as a preview. Yalidine allows 5 calls a second and 50 a minute by
 * default: a call waits for its quota while it has time, then stops and names the wilayas left
 * for the next call (`remaining`), so no request runs past a reverse proxy's time-out. Yalidine is
 * asked in the wilayas of its own division: a newer wilaya (68 Bou Saâda to a courier of the 58)
 * is read from the grid of the wilaya it was made from (28 M'Sila), asked once for both.
 */
export async function previewYalidineGrid(
  db: Database,
  division: Division,
  courier: Courier,
  {
    fromWilaya,
    codes,
    budgetMs = FEE_FETCH_BUDGET_MS,
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
  }: YalidinePreviewOptions,
): Promise<FeeGridPreview> {
  const [table, communeFees] = await Promise.all([repo.listShippingPrices(db), repo.listCommuneFees(db)]);
  const fromRow = table.find((r) => wilayaKey(r.wilaya_name) === wilayaKey(fromWilaya));
  const from = fromRow?.wilaya_code ? wilayaIn(courier.division, fromRow.wilaya_code)?.code : undefined;
  if (!from) throw conflict(`YALIDINE_FROM_WILAYA "${fromWilaya}" is not a wilaya of the shipping table`);
  const wanted = (codes ?? table.map((r) => r.wilaya_code))
    .filter((c): c is number => c !== null && table.some((r) => r.wilaya_code === c))
    .sort((a, b) => a - b);
  const started = Date.now();
  const failed = (error: unknown): never => {
    if (error instanceof CourierError) throw new HttpError(502, `Yalidine's fees could not be read: ${error.message}`);
    throw error;
  };
  const centres = await courier.stopDesks().catch(failed);
  const grid: (FeeGridRow & { note: string | null })[] = [];
  const skipped: FeeGridPreview['skipped'] = [];
  /** Yalidine's grid per wilaya of its division, asked once. */
  const asked = new Map<number, WilayaFees | null>();
  let next = 0;
  while (next < wanted.length) {
    const code = wanted[next] as number;
    const spoken = wilayaIn(courier.division, code);
    const spokenCode = spoken?.code ?? code;
    let fees: WilayaFees | null;
    if (asked.has(spokenCode)) {
      fees = asked.get(spokenCode) ?? null;
    } else {
      try {
        fees = await courier.deliveryFees(from, spokenCode);
      } catch (error) {
        const waitMs = error instanceof CourierError && error.reason === 'quota' ? error.retryInMs : null;
        if (waitMs !== null && Date.now() - started + waitMs <= budgetMs) {
          await sleep(waitMs + 20);
          continue;
        }
        if (waitMs !== null || (error instanceof CourierError && error.reason === 'quota')) break;
        return failed(error);
      }
      asked.set(spokenCode, fees);
    }
    next++;
    const row = table.find((r) => r.wilaya_code === code);
    if (!row) continue;
    if (!fees) {
      skipped.push({
        wilaya_code: code,
        wilaya_name: row.wilaya_name,
        reason:
          spokenCode === code
            ? 'Yalidine does not deliver to this wilaya'
            : `Yalidine does not deliver to ${spokenCode} ${spoken?.name ?? ''}, which it knows this wilaya as`,
      });
      continue;
    }
    const own = feesOfWilaya(division, row, fees);
    const ownCommunes = communeListOf(division, row.wilaya_code, row.wilaya_name)?.communes;
    // A centre in the wilaya as Yalidine names it, and for a newer wilaya in one of its communes.
    const hasCentre = centres.some(
      (c) =>
        wilayaKey(c.wilaya) === wilayaKey(spokenCode === code ? row.wilaya_name : (spoken?.name ?? '')) &&
        (spokenCode === code || !ownCommunes || matchCommune(ownCommunes, c.commune) !== undefined),
    );
    const made = gridRow(division, { ...own, wilayaCode: code }, hasCentre, row);
    if ('skipped' in made) skipped.push({ wilaya_code: code, wilaya_name: row.wilaya_name, reason: made.skipped });
    else grid.push(made.row);
  }
  return { rows: compare(table, communeFees, grid), skipped, remaining: wanted.slice(next) };
}
