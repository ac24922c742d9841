// The cash the couriers owe. Each parcel's money row (courier_parcels, written when the parcel is
// made and followed by the courier's statuses, payment events and statements) against what the
// courier paid: the month's reconciliation per account, the courier's statement imported (a CSV,
// docs/couriers.md), the parcels stuck at a courier, the cash left after the couriers' fees.
import { parse } from 'csv-parse/sync';
import {
  DEFAULT_STRANDED_DAYS,
  NOT_PICKED_UP_HOURS,
  courierSettingsSchema,
  type CourierSettings,
} from '@shop/domain/courier-accounts';
import { toCentimes, toDa } from '@shop/domain/money';
import {
  currentMonth,
  expectedRemittanceCentimes,
  monthRange,
  type Cash,
  type ReconciledParcel,
  type Reconciliation,
  type ReconciliationQuery,
  type StatementResult,
  type StrandedParcel,
} from '@shop/domain/reconciliation';
import { PARCEL_PHASES, type ParcelPhase } from '@shop/domain/courier-statuses';
import { SHOP_TIME_ZONE } from '@shop/domain/constants';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { findSettings, saveSettings } from '../settings/settings.service.ts';
import { csvAmount, csvDateTime, toCsv } from '../couriers/csv.ts';
import {
  accountExists,
  findAccountParcelByTracking,
  findParcelsOfOrders,
  findParcelsWithOutcomeBetween,
  findStuckParcels,
  insertStatement,
  setStatementMatched,
  updateParcelPayment,
  type ParcelRow as Row,
} from './reconciliation.repository.ts';

const phaseOf = (phase: string | null): ParcelPhase | null =>
  (PARCEL_PHASES as readonly string[]).includes(phase ?? '') ? (phase as ParcelPhase) : null;

function reconciled(row: Row): ReconciledParcel {
  const expected = expectedRemittanceCentimes(row);
  const paid = row.remitted_cents === null ? null : Number(row.remitted_cents);
  const da = (c: number | null) => (c === null ? null : toDa(Number(c)));
  return {
    order_id: row.order_id,
    tracking: row.tracking,
    account_id: row.account_id,
    account: row.account,
    wilaya: row.wilaya_name,
    courier_status: row.courier_status,
    phase: phaseOf(row.phase),
    amount: toDa(Number(row.amount_cents)),
    delivery_fee: da(row.delivery_fee_cents),
    return_fee: da(row.return_fee_cents),
    expected: da(expected),
    paid: da(paid),
    difference: paid !== null && expected !== null ? toDa(paid - expected) : null,
    remitted_at: row.remitted_at,
    outcome_at: row.outcome_at,
  };
}

/** The month's parcels (delivered or back in it), per the query. */
async function monthRows(db: Database, query: ReconciliationQuery): Promise<{ month: string; rows: Row[] }> {
  const month = query.month ?? currentMonth();
  const { from, to } = monthRange(month);
  return { month, rows: await findParcelsWithOutcomeBetween(db, { from, to }, { account: query.account }) };
}

export async function reconciliation(db: Database, query: ReconciliationQuery): Promise<Reconciliation> {
  const { month, rows } = await monthRows(db, query);
  const all = rows.map(reconciled);
  const delivered = all.filter((p) => p.phase === 'delivered');
  const returned = all.filter((p) => p.phase === 'returned');
  const paid = all.filter((p) => p.remitted_at !== null);
  const sum = (list: ReconciledParcel[], pick: (p: ReconciledParcel) => number | null) =>
    toDa(list.reduce((total, p) => total + toCentimes(pick(p) ?? 0), 0));
  const withDifference = paid.filter((p) => p.difference !== null && p.difference !== 0);
  return {
    account_id: query.account ?? null,
    month,
    totals: {
      delivered: delivered.length,
      delivered_unpaid: delivered.filter((p) => p.remitted_at === null).length,
      returned: returned.length,
      collected: sum(delivered, (p) => p.amount),
      delivery_fees: sum(delivered, (p) => p.delivery_fee),
      return_fees: sum(returned, (p) => p.return_fee),
      expected: sum(paid, (p) => p.expected),
      paid: sum(paid, (p) => p.paid),
      difference: sum(paid, (p) => p.difference),
    },
    delivered_unpaid: delivered.filter((p) => p.remitted_at === null),
    paid,
    returned,
    differences: withDifference,
  };
}

export const RECONCILIATION_COLUMNS = [
  'Order',
  'Tracking',
  'Courier account',
  'Wilaya',
  'Outcome',
  `Delivered or returned (${SHOP_TIME_ZONE})`,
  'To collect (DA)',
  'Delivery fee (DA)',
  'Return fee (DA)',
  'Expected (DA)',
  'Paid (DA)',
  'Difference (DA)',
  `Paid on (${SHOP_TIME_ZONE})`,
  'Courier status',
] as const;

/** The month's reconciliation as a CSV for French spreadsheets, one parcel a line. */
export async function reconciliationCsv(db: Database, query: ReconciliationQuery): Promise<string> {
  const { rows } = await monthRows(db, query);
  const money = (v: number | null) => (v === null ? '' : csvAmount(v));
  return toCsv(
    RECONCILIATION_COLUMNS,
    rows
      .map(reconciled)
      .map((p) => [
        p.order_id,
        p.tracking,
        p.account,
        p.wilaya,
        p.phase ?? '',
        p.outcome_at ? csvDateTime(p.outcome_at, SHOP_TIME_ZONE) : '',
        money(p.amount),
        money(p.delivery_fee),
        money(p.return_fee),
        money(p.expected),
        money(p.paid),
        money(p.difference),
        p.remitted_at ? csvDateTime(p.remitted_at, SHOP_TIME_ZONE) : '',
        p.courier_status ?? '',
      ]),
  );
}

// ---------------------------------------------------------------- statements

/** Column names a statement may use, lower-cased without accents. */
const STATEMENT_COLUMNS = {
  tracking: ['tracking', 'tracking number', 'tracking_number', 'suivi', 'numero de suivi', 'code', 'colis'],
  amount: ['amount', 'paid', 'net', 'montant', 'montant verse', 'verse', 'net a payer'],
  delivery_fee: [
    'delivery fee',
    'delivery_fee',
    'frais',
    'frais de livraison',
    'frais_livraison',
    'tarif',
    'tarif livraison',
  ],
  return_fee: ['return fee', 'return_fee', 'frais de retour', 'frais_retour', 'tarif retour'],
} as const;

const plainHeader = (h: string) =>
  h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** "1 250,50", "1250.50", "-200" → centimes; null for anything else. */
function amountCents(text: string): number | null {
  const cleaned = text
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/(da|dzd)$/i, '')
    .replace(',', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}

/**
 * Imports a courier's statement for one account: each line names a parcel (tracking) and what the
 * courier paid for it (amount: collected less its fees, negative for a return it charged), and may
 * give the fees it took. A line whose parcel the account does not have is listed, not an error.
 * Every line is checked first: one that cannot be read refuses the whole file (400, every bad
 * line), and nothing is written. Importing a statement again sets the same values again.
 */
export async function importStatement(
  db: Database,
  accountId: number,
  csv: string,
  fileName: string,
  author: string,
): Promise<StatementResult> {
  if (!(await accountExists(db, accountId))) throw notFound(`Courier account #${accountId} not found`);
  let records: string[][];
  const text = csv.replace(/^\uFEFF/, '');
  // The header line says the separator: a French statement uses ';' (its amounts have a decimal comma).
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') ? ';' : firstLine.includes('\t') ? '\t' : ',';
  try {
    const parsed: string[][] = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
    records = parsed;
  } catch (error) {
    throw badRequest('The statement is not a CSV file', { errors: [{ line: 1, message: (error as Error).message }] });
  }
  const header = (records[0] ?? []).map(plainHeader);
  const column = (names: readonly string[]) => header.findIndex((h) => names.includes(h));
  const at = {
    tracking: column(STATEMENT_COLUMNS.tracking),
    amount: column(STATEMENT_COLUMNS.amount),
    delivery_fee: column(STATEMENT_COLUMNS.delivery_fee),
    return_fee: column(STATEMENT_COLUMNS.return_fee),
  };
  const errors: { line: number; message: string }[] = [];
  if (at.tracking < 0) errors.push({ line: 1, message: 'No tracking column (tracking, suivi…)' });
  if (at.amount < 0) errors.push({ line: 1, message: 'No amount column (amount, montant…)' });
  if (errors.length > 0) throw badRequest('The statement cannot be read', { errors });

  const lines: { line: number; tracking: string; amount: number; delivery: number | null; back: number | null }[] = [];
  const seen = new Set<string>();
  records.slice(1).forEach((record, index) => {
    const line = index + 2;
    const tracking = (record[at.tracking] ?? '').trim();
    const optional = (i: number, name: string) => {
      if (i < 0 || (record[i] ?? '').trim() === '') return null;
      const value = amountCents(record[i] ?? '');
      if (value === null) errors.push({ line, message: `${name} "${record[i]}" is not an amount` });
      return value;
    };
    if (!tracking) {
      errors.push({ line, message: 'No tracking number' });
      return;
    }
    if (seen.has(tracking)) errors.push({ line, message: `Tracking ${tracking} appears twice` });
    seen.add(tracking);
    const amount = amountCents(record[at.amount] ?? '');
    if (amount === null) errors.push({ line, message: `Amount "${record[at.amount] ?? ''}" is not an amount` });
    const delivery = optional(at.delivery_fee, 'Delivery fee');
    const back = optional(at.return_fee, 'Return fee');
    lines.push({ line, tracking, amount: amount ?? 0, delivery, back });
  });
  if (lines.length === 0) errors.push({ line: 2, message: 'The statement has no line' });
  if (errors.length > 0)
    throw badRequest(`The statement has ${errors.length} bad line(s): nothing was imported`, { errors });

  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const statement = await insertStatement(trx, {
      account_id: accountId,
      file_name: fileName,
      lines: lines.length,
      matched: 0,
      total_paid_cents: lines.reduce((sum, l) => sum + l.amount, 0),
      author,
      imported_at: now,
    });
    const unknown: StatementResult['unknown'] = [];
    const matchedOrders: number[] = [];
    let returnsCharged = 0;
    for (const l of lines) {
      const parcel = await findAccountParcelByTracking(trx, accountId, l.tracking);
      if (!parcel) {
        unknown.push({
          line: l.line,
          tracking: l.tracking,
          message: 'No parcel of this account has this tracking number',
        });
        continue;
      }
      matchedOrders.push(parcel.order_id);
      const chargedReturn = parcel.phase === 'returned' && l.amount < 0;
      if (chargedReturn) returnsCharged++;
      await updateParcelPayment(trx, parcel.order_id, {
        remitted_cents: l.amount,
        remitted_at: parcel.remitted_at ?? now,
        statement_id: statement.id,
        ...(l.delivery !== null ? { delivery_fee_cents: l.delivery } : {}),
        ...(l.back !== null
          ? { return_fee_cents: l.back }
          : chargedReturn && parcel.return_fee_cents === null
            ? { return_fee_cents: -l.amount }
            : {}),
      });
    }
    await setStatementMatched(trx, statement.id, matchedOrders.length);
    const differences =
      matchedOrders.length === 0
        ? []
        : (await findParcelsOfOrders(trx, matchedOrders))
            .map(reconciled)
            .filter((p) => p.difference !== null && p.difference !== 0);
    return {
      statement_id: statement.id,
      lines: lines.length,
      matched: matchedOrders.length,
      paid: matchedOrders.length,
      returns_charged: returnsCharged,
      total_paid: toDa(lines.reduce((sum, l) => sum + l.amount, 0)),
      unknown,
      differences,
    };
  });
}

// ---------------------------------------------------------------- stranded parcels, settings

const STRANDED_KEY = 'courier.stranded_days';

export async function courierSettings(db: Database): Promise<CourierSettings> {
  const rows = await findSettings(db, [STRANDED_KEY]);
  const parsed = courierSettingsSchema.safeParse({ stranded_days: rows.find((r) => r.key === STRANDED_KEY)?.value });
  return parsed.success ? parsed.data : { stranded_days: DEFAULT_STRANDED_DAYS };
}

export async function saveCourierSettings(db: Database, settings: CourierSettings): Promise<CourierSettings> {
  await saveSettings(db, { [STRANDED_KEY]: String(settings.stranded_days) }, new Date().toISOString());
  return courierSettings(db);
}

/**
 * Parcels stuck at a courier, for the owner to chase: made more than 48 hours ago and still not
 * picked up, or on their way with no change of status for the days set; the oldest first.
 */
export async function strandedParcels(db: Database, now: number = Date.now()): Promise<StrandedParcel[]> {
  const { stranded_days } = await courierSettings(db);
  const pickUpBefore = new Date(now - NOT_PICKED_UP_HOURS * 3_600_000).toISOString();
  const quietBefore = new Date(now - stranded_days * 86_400_000).toISOString();
  const rows = await findStuckParcels(db, pickUpBefore, quietBefore);
  return rows
    .map((r) => {
      const notPickedUp = r.phase !== 'transit' && r.created_at < pickUpBefore;
      const since = notPickedUp ? r.created_at : r.status_changed_at;
      return {
        order_id: r.order_id,
        tracking: r.tracking,
        account_id: r.account_id,
        account: r.account,
        wilaya: r.wilaya_name,
        customer_name: r.customer_name,
        courier_status: r.courier_status,
        reason: notPickedUp ? ('not_picked_up' as const) : ('no_news' as const),
        since,
        days: Math.floor((now - Date.parse(since)) / 86_400_000),
      };
    })
    .sort((a, b) => a.since.localeCompare(b.since));
}

// ---------------------------------------------------------------- cash

/**
 * The cash cash-on-delivery leaves the shop, per courier account and per wilaya, over parcels
 * delivered or returned between two days (the shop's clock): what the couriers collected, less
 * their delivery fees on what they delivered and their return fees on what came back.
 */
export async function cash(
  db: Database,
  query: { from?: string | undefined; to?: string | undefined },
  now: number = Date.now(),
): Promise<Cash> {
  const day = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
  const to = query.to ?? day(now);
  const from = query.from ?? day(Date.parse(`${to}T00:00:00+01:00`) - 29 * 86_400_000);
  if (from > to) throw badRequest('from is after to');
  const start = new Date(Date.parse(`${from}T00:00:00+01:00`)).toISOString();
  const end = new Date(Date.parse(`${to}T00:00:00+01:00`) + 86_400_000).toISOString();
  const rows = await findParcelsWithOutcomeBetween(db, { from: start, to: end }, { phases: ['delivered', 'returned'] });
  type Line = Omit<Cash['total'], never>;
  const empty = (): Line => ({
    delivered: 0,
    returned: 0,
    collected: 0,
    delivery_fees: 0,
    return_fees: 0,
    net: 0,
    unknown_fees: 0,
  });
  const add = (line: Line, r: Row) => {
    if (r.phase === 'delivered') {
      line.delivered++;
      line.collected += Number(r.amount_cents);
      if (r.delivery_fee_cents === null) line.unknown_fees++;
      else line.delivery_fees += Number(r.delivery_fee_cents);
    } else {
      line.returned++;
      if (r.return_fee_cents === null) line.unknown_fees++;
      else line.return_fees += Number(r.return_fee_cents);
    }
  };
  const inDa = (line: Line): Line => ({
    ...line,
    collected: toDa(line.collected),
    delivery_fees: toDa(line.delivery_fees),
    return_fees: toDa(line.return_fees),
    net: toDa(line.collected - line.delivery_fees - line.return_fees),
  });
  const total = empty();
  const perCourier = new Map<number, { account: string; line: Line }>();
  const perWilaya = new Map<string, Line>();
  for (const r of rows) {
    add(total, r);
    const c = perCourier.get(r.account_id) ?? { account: r.account, line: empty() };
    add(c.line, r);
    perCourier.set(r.account_id, c);
    const w = perWilaya.get(r.wilaya_name) ?? empty();
    add(w, r);
    perWilaya.set(r.wilaya_name, w);
  }
  return {
    from,
    to,
    total: inDa(total),
    per_courier: [...perCourier]
      .map(([account_id, c]) => ({ account_id, account: c.account, ...inDa(c.line) }))
      .sort((a, b) => b.net - a.net),
    per_wilaya: [...perWilaya].map(([wilaya, line]) => ({ wilaya, ...inDa(line) })).sort((a, b) => b.net - a.net),
  };
}
