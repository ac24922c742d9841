import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';

export function listShippingPrices(db: Executor) {
  return db
    .selectFrom('shipping_prices')
    .selectAll()
    .orderBy(sql`wilaya_code is null`)
    .orderBy('wilaya_code')
    .orderBy('wilaya_name')
    .execute();
}

export function findShippingPrice(db: Executor, id: number) {
  return db.selectFrom('shipping_prices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertShippingPrice(
  db: Executor,
  values: {
    wilaya_code: number | null;
    wilaya_name: string;
    price_cents: number;
    stop_desk_price_cents: number | null;
    provisional?: 0 | 1;
  },
) {
  return db.insertInto('shipping_prices').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateShippingPrice(
  db: Executor,
  id: number,
  values: {
    wilaya_name: string;
    price_cents: number;
    wilaya_code?: number | null;
    stop_desk_price_cents?: number | null;
  },
) {
  // Saved by the owner: no longer the provisional fees of a division's switch.
  return db
    .updateTable('shipping_prices')
    .set({ ...values, provisional: 0 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** The rows' fees are the owner's now (a fee grid applied to them). */
export async function confirmShippingFees(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('shipping_prices').set({ provisional: 0 }).where('id', 'in', ids).execute();
}

/** A row's wilaya number (a wilaya the owner added by name before it became official). */
export async function setWilayaCode(db: Executor, id: number, wilayaCode: number): Promise<void> {
  await db.updateTable('shipping_prices').set({ wilaya_code: wilayaCode }).where('id', '=', id).execute();
}

/** One row's two fees (the bulk adjustment writes each row in its transaction). */
export async function setShippingFees(
  db: Executor,
  id: number,
  fees: { price_cents: number; stop_desk_price_cents: number | null },
): Promise<void> {
  await db.updateTable('shipping_prices').set(fees).where('id', '=', id).execute();
}

export async function deleteShippingPrice(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('shipping_prices').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A unique index refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** The communes priced apart from their wilaya (all wilayas, or those of the ids given). */
export function listCommuneFees(db: Executor, shippingPriceIds?: readonly number[]) {
  let query = db.selectFrom('commune_fees').selectAll();
  if (shippingPriceIds) {
    if (shippingPriceIds.length === 0) return Promise.resolve([]);
    query = query.where('shipping_price_id', 'in', shippingPriceIds);
  }
  return query.orderBy('shipping_price_id').orderBy('commune_name').execute();
}

/** A wilaya's communes priced apart, replaced by these (none: every commune at the wilaya's fees). */
export async function replaceCommuneFees(
  db: Executor,
  shippingPriceId: number,
  fees: readonly { commune_name: string; price_cents: number | null; stop_desk_price_cents: number | null }[],
): Promise<void> {
  await db.deleteFrom('commune_fees').where('shipping_price_id', '=', shippingPriceId).execute();
  if (fees.length === 0) return;
  await db
    .insertInto('commune_fees')
    .values(fees.map((f) => ({ ...f, shipping_price_id: shippingPriceId })))
    .execute();
}

/** One commune's own fees (the bulk adjustment writes each in its transaction). */
export async function setCommuneFees(
  db: Executor,
  shippingPriceId: number,
  communeName: string,
  fees: { price_cents: number | null; stop_desk_price_cents: number | null },
): Promise<void> {
  await db
    .updateTable('commune_fees')
    .set(fees)
    .where('shipping_price_id', '=', shippingPriceId)
    .where('commune_name', '=', communeName)
    .execute();
}

export async function deleteCommuneFee(db: Executor, shippingPriceId: number, communeName: string): Promise<boolean> {
  const result = await db
    .deleteFrom('commune_fees')
    .where('shipping_price_id', '=', shippingPriceId)
    .where('commune_name', '=', communeName)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Records that a division was switched to; false when it already was (by this process before, or
 * by another one: the primary key decides, and on PostgreSQL waits for the other's commit).
 */
export async function recordDivisionSwitch(
  db: Executor,
  row: { division: string; switched_at: string; log: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('division_switches')
    .values(row)
    .onConflict((oc) => oc.column('division').doNothing())
    .returning('division')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function setDivisionSwitchLog(db: Executor, division: string, log: string): Promise<void> {
  await db.updateTable('division_switches').set({ log }).where('division', '=', division).execute();
}

/** The divisions switched to, newest first. */
export function listDivisionSwitches(db: Executor) {
  return db.selectFrom('division_switches').selectAll().orderBy('switched_at', 'desc').execute();
}
