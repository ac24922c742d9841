import { sql, type ExpressionBuilder } from 'kysely';
import type { CouponRow, DB, Executor } from '../../db/database.ts';

export function listCoupons(db: Executor) {
  return db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function findCouponByCode(db: Executor, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findCouponsByCodes(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('coupons').selectAll().where('code', 'in', codes).execute();
}

export function findCouponById(db: Executor, id: number) {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertCoupon(db: Executor, values: Omit<CouponRow, 'id'>) {
  return db.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

export function toggleCoupon(db: Executor, id: number) {
  return db
    .updateTable('coupons')
    .set({ is_active: sql<number>`1 - is_active` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Counts one use, atomically: the guard repeats every rule of a usable code, so concurrent orders
 * can never push current_uses past max_uses (DESIGN §3.4). Returns false when the code is not usable.
 */
export async function countCouponUse(db: Executor, id: number, today: string): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ current_uses: sql<number>`current_uses + 1` })
    .where('id', '=', id)
    .where(usableOn(today))
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('current_uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The use of a cancelled order goes back (its customer never got the discount): never below 0.
 * Reopening the order counts it again, within max_uses only (`retake`), whatever the code's dates.
 */
export async function giveCouponUseBack(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('coupons')
    .set({ current_uses: sql<number>`current_uses - 1` })
    .where('id', '=', id)
    .where('current_uses', '>', 0)
    .execute();
}

export async function retakeCouponUse(db: Executor, id: number): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set({ current_uses: sql<number>`current_uses + 1` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('current_uses', '<', eb.ref('max_uses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A coupon's code can be used on `today` (YYYY-MM-DD): active and not expired. Uses left apart. */
export function usableOn(today: string) {
  return (eb: ExpressionBuilder<DB, 'coupons'>) => eb.and([eb('is_active', '=', 1), eb('expiry_date', '>=', today)]);
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
