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

/** A coupon's code can be used on `today` (YYYY-MM-DD): active and not expired. Uses left apart. */
export function usableOn(today: string) {
  return (eb: ExpressionBuilder<DB, 'coupons'>) => eb.and([eb('is_active', '=', 1), eb('expiry_date', '>=', today)]);
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
