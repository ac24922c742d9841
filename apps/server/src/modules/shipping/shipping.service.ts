// Shipping prices per wilaya (SPEC §3, DESIGN §3.11): stored in centimes, spoken in Da; a wilaya
// name exists once, compared case-insensitively.
import { toCentimes, toDa } from '@shop/domain/money';
import {
  adjustedFees,
  adjustmentChanges,
  wilayasChangedBy,
  type AdjustableFees,
  type ShippingAdjust,
} from '@shop/domain/shipping-schemas';
import type { Selectable } from 'kysely';
import type { AdminShippingPrice, CommuneFee, ShippingPrice, WilayaDivisions } from '@shop/domain/shipping-responses';
import type { CommuneFeeTable, Database, Executor, ShippingPriceTable } from '../../db/database.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { wilayaKey } from '@shop/domain/wilaya';
import { wilayaNamed } from '@shop/domain/geo/wilayas';
import { offeredIn, type Division, type Geography } from './geography.ts';
import * as repo from './shipping.repository.ts';

/** What other modules read of this one (they reach a module through its service, never its repository). */
export { listCommuneFees } from './shipping.repository.ts';

export const DUPLICATE_WILAYA_MESSAGE = 'A shipping price for this wilaya already exists';
export const SHIPPING_NOT_FOUND_MESSAGE = 'Shipping price not found';

const inDa = (c: number | null) => (c === null ? null : toDa(c));

function toCommuneFee(row: Selectable<CommuneFeeTable>): CommuneFee {
  return { name: row.commune_name, price: inDa(row.price_cents), stop_desk_price: inDa(row.stop_desk_price_cents) };
}

export function toShippingPrice(
  row: Selectable<ShippingPriceTable>,
  communes: readonly Selectable<CommuneFeeTable>[] = [],
): ShippingPrice {
  return {
    id: row.id,
    wilaya_code: row.wilaya_code,
    wilaya_name: row.wilaya_name,
    price: toDa(row.price_cents),
    stop_desk_price: inDa(row.stop_desk_price_cents),
    communes: communes.map(toCommuneFee),
  };
}

/**
 * Every wilaya with its fees and its communes priced apart (two queries); with a division, only
 * those offered in it (a wilaya of another division waits for its day).
 */
export async function listShippingPrices(db: Executor, division?: Division): Promise<ShippingPrice[]> {
  const [rows, fees] = await Promise.all([repo.listShippingPrices(db), repo.listCommuneFees(db)]);
  return rows
    .filter((row) => !division || offeredIn(division, row.wilaya_code))
    .map((row) =>
      toShippingPrice(
        row,
        fees.filter((f) => f.shipping_price_id === row.id),
      ),
    );
}

/** Every row as the back office sees it: offered or not in the division in force, provisional or not. */
export async function listAdminShippingPrices(db: Executor, division: Division): Promise<AdminShippingPrice[]> {
  const [rows, fees] = await Promise.all([repo.listShippingPrices(db), repo.listCommuneFees(db)]);
  return rows.map((row) => ({
    ...toShippingPrice(
      row,
      fees.filter((f) => f.shipping_price_id === row.id),
    ),
    provisional: row.provisional === 1,
    offered: offeredIn(division, row.wilaya_code),
  }));
}

/** The wilayas in force, the next division the calendar brings, and the divisions switched to. */
export async function wilayaDivisions(db: Executor, geography: Geography): Promise<WilayaDivisions> {
  const division = geography.current();
  const next = geography.nextChange();
  return {
    setting: geography.setting,
    in_force: { id: division.id, wilayas: division.communes.wilayas.length },
    next: next && { id: next.id, at: new Date(next.at).toISOString() },
    switches: (await repo.listDivisionSwitches(db)).map((row) => ({
      division: row.division,
      switched_at: row.switched_at,
      log: JSON.parse(row.log) as string[],
    })),
  };
}

/** One wilaya's row as the calls answer it, with its communes priced apart. */
async function shippingPriceOf(db: Executor, row: Selectable<ShippingPriceTable>): Promise<ShippingPrice> {
  return toShippingPrice(row, await repo.listCommuneFees(db, [row.id]));
}

export interface ShippingPriceInput {
  wilaya_name: string;
  price: number;
  /** null: no stop desk; undefined: unchanged (on update), none (on create). */
  stop_desk_price?: number | null | undefined;
  wilaya_code?: number | null | undefined;
}

const cents = (da: number | null) => (da === null ? null : toCentimes(da));

/** The row of that wilaya, compared as orders compare it (wilayaKey: case, accents, invisibles). */
async function findSameWilaya(db: Database, name: string, exceptId?: number) {
  const wanted = wilayaKey(name);
  return (await repo.listShippingPrices(db)).find(
    (row) => row.id !== exceptId && wilayaKey(row.wilaya_name) === wanted,
  );
}

/**
 * The official number of one of Algeria's wilayas (of any division), so a wilaya deleted and added
 * again keeps its place, and one added before its division's day is offered on that day.
 */
function officialCode(name: string): number | null {
  return wilayaNamed(name)?.code ?? null;
}

export async function createShippingPrice(db: Database, input: ShippingPriceInput): Promise<ShippingPrice> {
  if (await findSameWilaya(db, input.wilaya_name)) throw conflict(DUPLICATE_WILAYA_MESSAGE);
  try {
    const row = await repo.insertShippingPrice(db, {
      wilaya_code: input.wilaya_code ?? officialCode(input.wilaya_name),
      wilaya_name: input.wilaya_name,
      price_cents: toCentimes(input.price),
      stop_desk_price_cents: cents(input.stop_desk_price ?? null),
    });
    return toShippingPrice(row);
  } catch (error) {
    // Two admins adding the same wilaya at once: the unique index decides.
    if (repo.isUniqueViolation(error)) throw conflict(DUPLICATE_WILAYA_MESSAGE);
    throw error;
  }
}

export async function updateShippingPrice(db: Database, id: number, input: ShippingPriceInput): Promise<ShippingPrice> {
  if (!(await repo.findShippingPrice(db, id))) throw notFound(SHIPPING_NOT_FOUND_MESSAGE);
  if (await findSameWilaya(db, input.wilaya_name, id)) throw conflict(DUPLICATE_WILAYA_MESSAGE);
  try {
    const row = await repo.updateShippingPrice(db, id, {
      wilaya_name: input.wilaya_name,
      price_cents: toCentimes(input.price),
      ...(input.stop_desk_price !== undefined ? { stop_desk_price_cents: cents(input.stop_desk_price) } : {}),
      ...(input.wilaya_code !== undefined ? { wilaya_code: input.wilaya_code } : {}),
    });
    if (!row) throw notFound(SHIPPING_NOT_FOUND_MESSAGE);
    return await shippingPriceOf(db, row);
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(DUPLICATE_WILAYA_MESSAGE);
    throw error;
  }
}

export async function deleteShippingPrice(db: Database, id: number): Promise<void> {
  if (!(await repo.deleteShippingPrice(db, id))) throw notFound(SHIPPING_NOT_FOUND_MESSAGE);
}

export const COMMUNE_FEE_NOT_FOUND_MESSAGE = 'This commune has no fee of its own';

/** A commune's own fees removed (it costs its wilaya's again); the wilaya as it is now. */
export async function deleteCommuneFee(db: Database, id: number, commune: string): Promise<ShippingPrice> {
  const row = await repo.findShippingPrice(db, id);
  if (!row) throw notFound(SHIPPING_NOT_FOUND_MESSAGE);
  if (!(await repo.deleteCommuneFee(db, id, commune))) throw notFound(COMMUNE_FEE_NOT_FOUND_MESSAGE);
  return shippingPriceOf(db, row);
}

/**
 * Every wilaya's fees changed at once, in one transaction: home and/or stop desk fees,
 * by an amount or a percentage, each result in whole dinars and never below 0. A wilaya without a
 * stop desk keeps none. The communes priced apart have their own fees changed alike. Answers how
 * many wilayas changed (wilayasChangedBy: what the confirmation announced); none is not an error.
 */
export async function adjustShippingPrices(
  db: Database,
  adjust: ShippingAdjust,
): Promise<{ prices: ShippingPrice[]; changed: number }> {
  const inDa = (fees: { price_cents: number | null; stop_desk_price_cents: number | null }) => ({
    price: fees.price_cents === null ? null : toDa(fees.price_cents),
    stop_desk_price: fees.stop_desk_price_cents === null ? null : toDa(fees.stop_desk_price_cents),
  });
  const inCents = (fees: AdjustableFees) => ({
    price_cents: fees.price === null ? null : toCentimes(fees.price),
    stop_desk_price_cents: fees.stop_desk_price === null ? null : toCentimes(fees.stop_desk_price),
  });
  const changed = await db.transaction().execute(async (trx) => {
    const [rows, communeFees] = await Promise.all([repo.listShippingPrices(trx), repo.listCommuneFees(trx)]);
    for (const row of rows) {
      const fees = inDa(row);
      if (!adjustmentChanges(fees, adjust)) continue;
      const after = inCents(adjustedFees(fees, adjust));
      await repo.setShippingFees(trx, row.id, { ...after, price_cents: after.price_cents ?? row.price_cents });
    }
    for (const fee of communeFees) {
      const fees = inDa(fee);
      if (!adjustmentChanges(fees, adjust)) continue;
      await repo.setCommuneFees(trx, fee.shipping_price_id, fee.commune_name, inCents(adjustedFees(fees, adjust)));
    }
    return wilayasChangedBy(
      rows.map((row) => ({
        ...inDa(row),
        communes: communeFees.filter((f) => f.shipping_price_id === row.id).map(inDa),
      })),
      adjust,
    );
  });
  return { prices: await listShippingPrices(db), changed };
}
