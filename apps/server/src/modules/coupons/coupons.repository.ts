import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely';
import type { CouponTable, DB, Executor } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';

/** Every coupon, newest first, with how many orders carry it. */
export function listCoupons(db: Executor) {
  return db
    .selectFrom('coupons')
    .selectAll('coupons')
    .select((eb) =>
      eb
        .selectFrom('orders')
        .select((o) => o.fn.countAll<number>().as('n'))
        .whereRef('orders.coupon_id', '=', 'coupons.id')
        .as('orders'),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A coupon, locked until the transaction ends on PostgreSQL, with how many orders carry it. */
export async function findCouponForChange(db: Executor, id: number) {
  const query = db.selectFrom('coupons').selectAll().where('id', '=', id);
  const row = await (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  const used = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('coupon_id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...row, orders: Number(used.n) };
}

export function updateCoupon(db: Executor, id: number, values: Updateable<CouponTable>) {
  return db.updateTable('coupons').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function deleteCoupon(db: Executor, id: number) {
  return db.deleteFrom('coupons').where('id', '=', id).execute();
}

export function findCouponByCode(db: Executor, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

export function findCouponsByCodes(db: Executor, codes: readonly string[]) {
  if (codes.length === 0) return Promise.resolve([]);
  return db.selectFrom('coupons').selectAll().where('code', 'in', codes).execute();
}

export function insertCoupon(db: Executor, values: Insertable<CouponTable>) {
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
