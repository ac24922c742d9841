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
