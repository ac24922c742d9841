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
  return db.updateTable('shipping_prices').set(values).where('id', '=', id).returningAll().executeTakeFirst();
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
