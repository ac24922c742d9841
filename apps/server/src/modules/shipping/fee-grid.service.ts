// The shipping table matched to a courier's grid (issue 16): the owner previews a grid wilaya by
// wilaya (home and stop desk fees, old → new), then applies it in one transaction. A grid comes
// from Yalidine's fees (GET /fees/ from the shop's wilaya, commune by commune) or from a CSV file
// ("wilaya; home; stop desk"); a file with any line that cannot be read is refused whole, each bad
// line named, and nothing is written.
import { parse } from 'csv-parse/sync';
import { parseAmount } from '@shop/domain/common-schemas';
import { MAX_PRICE_DA } from '@shop/domain/constants';
import { toCentimes, toDa } from '@shop/domain/money';
import type { FeeGridRow } from '@shop/domain/shipping-schemas';
import type { FeeGridLineError, FeeGridPreview, ShippingPrice } from '@shop/domain/shipping-responses';
import { wilayaKey } from '@shop/domain/wilaya';
import type { Selectable } from 'kysely';
import type { Database, ShippingPriceTable } from '../../db/database.ts';
import { badRequest, conflict, HttpError } from '../../http/errors.ts';
import { CourierError, type Courier, type WilayaFees } from '../couriers/courier.ts';
import * as repo from './shipping.repository.ts';
import { listShippingPrices } from './shipping.service.ts';

type Row = Selectable<ShippingPriceTable>;

/** What a CSV cell may say for "no stop desk here". */
const NO_STOP_DESK = new Set(['', '-', '—', 'non', 'no', 'none', 'aucun', 'aucune', 'x']);

const cents = (da: number | null) => (da === null ? null : toCentimes(da));
const da = (c: number | null) => (c === null ? null : toDa(c));

/** A wilaya cell: its number ("16", "016") or its name, any case or accents. */
function findWilaya(rows: readonly Row[], cell: string): Row | undefined {
  if (/^\d{1,3}$/.test(cell)) return rows.find((r) => r.wilaya_code === Number(cell));
  const key = wilayaKey(cell);
  return rows.find((r) => wilayaKey(r.wilaya_name) === key);
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

/**
 * The grid of a CSV file: one wilaya a line, "wilaya; home; stop desk" (`;`, tab or `,` between
 * cells, found on the first line; an optional header line; an empty stop desk or "-" is none).
 * Every bad line is reported with its number.
 */
export function readFeeCsv(text: string, table: readonly Row[]): { rows: FeeGridRow[]; errors: FeeGridLineError[] } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { rows: [], errors: [{ line, message: `The file cannot be read as CSV: ${(error as Error).message}` }] };
  }
  const rows: FeeGridRow[] = [];
  const errors: FeeGridLineError[] = [];
  const seen = new Map<number, number>();
  records.forEach(({ record, info }, index) => {
    const line = info.lines;
    const [wilaya = '', home = '', desk = '', ...extra] = record;
    // A header: the first line, whose home fee is not a number.
    if (index === 0 && parseAmount(home) === null) return;
    const problems: string[] = [];
    if (extra.some((cell) => cell !== ''))
      problems.push(`expected 3 cells (wilaya; home; stop desk), found ${record.length}`);
    const row = wilaya === '' ? undefined : findWilaya(table, wilaya);
    if (wilaya === '') problems.push('the wilaya is missing');
    else if (!row || row.wilaya_code === null) problems.push(`unknown wilaya "${wilaya}"`);
    else if (seen.has(row.wilaya_code))
      problems.push(`${row.wilaya_name} is already on line ${seen.get(row.wilaya_code)}`);
    const price = readFee(home, 'The home fee');
    if ('error' in price) problems.push(price.error);
    const noDesk = NO_STOP_DESK.has(desk.toLowerCase());
    const stopDesk = noDesk ? null : readFee(desk, 'The stop desk fee');
    if (stopDesk && 'error' in stopDesk) problems.push(stopDesk.error);
    if (
      problems.length > 0 ||
      !row ||
      row.wilaya_code === null ||
      'error' in price ||
      (stopDesk && 'error' in stopDesk)
    ) {
      errors.push({ line, message: problems.join('; ') });
      return;
    }
    seen.set(row.wilaya_code, line);
    rows.push({ wilaya_code: row.wilaya_code, price: price.value, stop_desk_price: stopDesk ? stopDesk.value : null });
  });
  if (rows.length === 0 && errors.length === 0) errors.push({ line: 1, message: 'The file has no wilaya line' });
  return { rows, errors };
}

/** How the grid's rows differ from the table, wilaya by wilaya. */
function compare(
  table: readonly Row[],
  grid: readonly (FeeGridRow & { note?: string | null })[],
): FeeGridPreview['rows'] {
  return grid.flatMap((g) => {
    const row = table.find((r) => r.wilaya_code === g.wilaya_code);
    if (!row) return [];
    const oldPrice = toDa(row.price_cents);
    const oldDesk = da(row.stop_desk_price_cents);
    return [
      {
        wilaya_code: g.wilaya_code,
        wilaya_name: row.wilaya_name,
        price: { old: oldPrice, new: g.price },
        stop_desk_price: { old: oldDesk, new: g.stop_desk_price },
        changed: toCentimes(g.price) !== row.price_cents || cents(g.stop_desk_price) !== row.stop_desk_price_cents,
        note: g.note ?? null,
      },
    ];
  });
}

/** A CSV grid's preview; 400 naming every bad line (nothing is written either way). */
export async function previewCsvGrid(db: Database, csv: string): Promise<FeeGridPreview> {
  const table = await repo.listShippingPrices(db);
  const { rows, errors } = readFeeCsv(csv, table);
  if (errors.length > 0) {
    throw badRequest(
      `${errors.length} line(s) of the file cannot be read; nothing was changed. Line ${errors[0]?.line}: ${errors[0]?.message}`,
      { errors },
    );
  }
  return { rows: compare(table, rows), skipped: [], remaining: [] };
}

/**
 * Applies a grid in one transaction: each wilaya's home and stop desk fees. Refused whole (400,
 * each bad row named by its place in the list) when a wilaya is not in the table or comes twice.
 */
export async function applyFeeGrid(
  db: Database,
  grid: readonly FeeGridRow[],
): Promise<{ prices: ShippingPrice[]; changed: number }> {
  const changed = await db.transaction().execute(async (trx) => {
    const table = await repo.listShippingPrices(trx);
    const errors: FeeGridLineError[] = [];
    const seen = new Set<number>();
    grid.forEach((g, index) => {
      if (!table.some((r) => r.wilaya_code === g.wilaya_code)) {
        errors.push({ line: index + 1, message: `No wilaya number ${g.wilaya_code} in the shipping table` });
      } else if (seen.has(g.wilaya_code)) {
        errors.push({ line: index + 1, message: `Wilaya number ${g.wilaya_code} comes twice` });
      }
      seen.add(g.wilaya_code);
    });
    if (errors.length > 0) {
      throw badRequest(`${errors.length} row(s) of the grid are wrong; nothing was changed`, { errors });
    }
    let count = 0;
    for (const g of grid) {
      const row = table.find((r) => r.wilaya_code === g.wilaya_code);
      if (!row) continue;
      const price_cents = toCentimes(g.price);
      const stop_desk_price_cents = cents(g.stop_desk_price);
      if (price_cents === row.price_cents && stop_desk_price_cents === row.stop_desk_price_cents) continue;
      await repo.setShippingFees(trx, row.id, { price_cents, stop_desk_price_cents });
      count++;
    }
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

/** A wilaya's row of Yalidine's grid: the shop prices per wilaya, Yalidine per commune. */
function gridRow(
  fees: WilayaFees,
  hasCentre: boolean,
): { row: FeeGridRow & { note: string | null } } | { skipped: string } {
  const home = commonFee(fees.communes.map((c) => c.home));
  if (!home) return { skipped: 'Yalidine gives no home delivery fee for this wilaya' };
  const desk = hasCentre ? commonFee(fees.communes.map((c) => c.desk)) : null;
  const notes: string[] = [];
  if (home.min !== home.max) {
    notes.push(`communes cost ${home.min}–${home.max} Da at home; the most common fee is taken`);
  }
  if (desk && desk.min !== desk.max) notes.push(`stop desk ${desk.min}–${desk.max} Da by commune`);
  if (!hasCentre) notes.push('Yalidine has no stop desk in this wilaya');
  return {
    row: {
      wilaya_code: fees.wilayaCode,
      price: home.fee,
      stop_desk_price: desk ? desk.fee : null,
      note: notes.length > 0 ? notes.join('; ') : null,
    },
  };
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
 * for the next call (`remaining`), so no request runs past a reverse proxy's time-out.
 */
export async function previewYalidineGrid(
  db: Database,
  courier: Courier,
  {
    fromWilaya,
    codes,
    budgetMs = FEE_FETCH_BUDGET_MS,
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
  }: YalidinePreviewOptions,
): Promise<FeeGridPreview> {
  const table = await repo.listShippingPrices(db);
  const from = table.find((r) => wilayaKey(r.wilaya_name) === wilayaKey(fromWilaya))?.wilaya_code;
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
  let next = 0;
  while (next < wanted.length) {
    const code = wanted[next] as number;
    let fees: WilayaFees | null;
    try {
      fees = await courier.deliveryFees(from, code);
    } catch (error) {
      const waitMs = error instanceof CourierError && error.reason === 'quota' ? error.retryInMs : null;
      if (waitMs !== null && Date.now() - started + waitMs <= budgetMs) {
        await sleep(waitMs + 20);
        continue;
      }
      if (waitMs !== null || (error instanceof CourierError && error.reason === 'quota')) break;
      return failed(error);
    }
    next++;
    const row = table.find((r) => r.wilaya_code === code);
    if (!row) continue;
    if (!fees) {
      skipped.push({
        wilaya_code: code,
        wilaya_name: row.wilaya_name,
        reason: 'Yalidine does not deliver to this wilaya',
      });
      continue;
    }
    const hasCentre = centres.some((c) => wilayaKey(c.wilaya) === wilayaKey(row.wilaya_name));
    const made = gridRow(fees, hasCentre);
    if ('skipped' in made) skipped.push({ wilaya_code: code, wilaya_name: row.wilaya_name, reason: made.skipped });
    else grid.push(made.row);
  }
  return { rows: compare(table, grid), skipped, remaining: wanted.slice(next) };
}
