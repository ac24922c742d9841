// Coupons (SPEC §3, §5; DESIGN §3.4): validating a code never counts a use; a use is counted by the
// order that carries it, inside the order's transaction (orders/order-stock.ts, stock-store.ts).
import { couponDisplayStatus, todayIso } from '@shop/domain/coupon-status';
import type { Coupon, ValidCoupon } from '@shop/domain/coupon-responses';
import type { CouponCreate, CouponUpdate } from '@shop/domain/coupon-schemas';
import { toCentimes, toDa } from '@shop/domain/money';
import type { CouponRow, Database } from '../../db/database.ts';
import { badRequest, conflict, notFound, type Bilingual, type HttpError } from '../../http/errors.ts';
import * as repo from './coupons.repository.ts';

/** What other modules read of this one (they reach a module through its service, never its repository). */
export { findCouponsByCodes, usableOn } from './coupons.repository.ts';

// A code is checked by customers (French) and by the owner's Validate button (English).
export const COUPON_MESSAGES = {
  unknown: { fr: 'Code promo invalide', en: 'Unknown coupon code' },
  expired: { fr: 'Code promo expiré', en: 'Coupon expired' },
  inactive: { fr: 'Code promo désactivé', en: 'Coupon inactive' },
  exhausted: { fr: 'Code promo épuisé', en: 'Coupon has reached its maximum uses' },
  valid: { fr: 'Code promo valide', en: 'Coupon is valid' },
  duplicate: 'Coupon code already exists',
  notFound: 'Coupon not found',
  changed: 'This coupon changed since you opened it: here it is as it is now',
} as const satisfies Record<string, Bilingual | string>;

export const COUPON_IN_USE = (orders: number) =>
  `This coupon is carried by ${orders} order${orders === 1 ? '' : 's'}: deactivate it instead of deleting it`;

export function toCoupon(row: CouponRow & { orders?: number | string | null }): Coupon {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discount_amount_cents === null ? 'percent' : 'amount',
    discount_percentage: row.discount_percentage,
    discount_amount: row.discount_amount_cents === null ? null : toDa(row.discount_amount_cents),
    is_active: row.is_active === 1,
    max_uses: row.max_uses,
    current_uses: row.current_uses,
    expiry_date: row.expiry_date,
    created_at: row.created_at,
    orders: Number(row.orders ?? 0),
  };
}

/** Why a coupon cannot be used now, or null when it can. */
export function couponRefusal(row: CouponRow, today = todayIso()): HttpError | null {
  switch (couponDisplayStatus(toCoupon(row), today)) {
    case 'Inactive':
      return badRequest(COUPON_MESSAGES.inactive);
    case 'Expired':
      return badRequest(COUPON_MESSAGES.expired);
    case 'Max Used':
      return badRequest(COUPON_MESSAGES.exhausted);
    case 'Active':
      return null;
  }
}

export async function validateCoupon(db: Database, rawCode: string): Promise<ValidCoupon> {
  const row = await repo.findCouponByCode(db, rawCode.trim().toUpperCase());
  if (!row) throw notFound(COUPON_MESSAGES.unknown);
  const refusal = couponRefusal(row);
  if (refusal) throw refusal;
  return {
    code: row.code,
    discount_percentage: row.discount_percentage,
    discount_amount: row.discount_amount_cents === null ? null : toDa(row.discount_amount_cents),
  };
}

export async function listCoupons(db: Database): Promise<Coupon[]> {
  return (await repo.listCoupons(db)).map(toCoupon);
}

export async function createCoupon(db: Database, input: CouponCreate): Promise<Coupon> {
  if (await repo.findCouponByCode(db, input.code)) throw conflict(COUPON_MESSAGES.duplicate);
  try {
    const row = await repo.insertCoupon(db, {
      code: input.code,
      discount_percentage: input.discount_percentage,
      discount_amount_cents: input.discount_amount === null ? null : toCentimes(input.discount_amount),
      max_uses: input.max_uses,
      current_uses: 0,
      is_active: input.is_active ? 1 : 0,
      expiry_date: input.expiry_date,
      created_at: new Date().toISOString(),
    });
    return toCoupon(row);
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(COUPON_MESSAGES.duplicate);
    throw error;
  }
}

/** The coupon as its form shows it, to compare with what the form was opened with. */
function asSeen(coupon: Coupon): CouponUpdate['seen'] {
  const { code, discount_percentage, discount_amount, max_uses, expiry_date, is_active } = coupon;
  return { code, discount_percentage, discount_amount, max_uses, expiry_date, is_active };
}

/**
 * Changes a coupon as its form left it, if it still is what the form was opened with (409 with
 * the coupon as it is otherwise). Orders already placed keep the discount they were given.
 */
export async function updateCoupon(db: Database, id: number, input: CouponUpdate): Promise<Coupon> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await repo.findCouponForChange(trx, id);
      if (!row) throw notFound(COUPON_MESSAGES.notFound);
      const current = toCoupon(row);
      if (JSON.stringify(asSeen(current)) !== JSON.stringify(asSeen({ ...current, ...input.seen }))) {
        throw conflict(COUPON_MESSAGES.changed, current);
      }
      const updated = await repo.updateCoupon(trx, id, {
        code: input.code,
        discount_percentage: input.discount_percentage,
        discount_amount_cents: input.discount_amount === null ? null : toCentimes(input.discount_amount),
        max_uses: input.max_uses,
        expiry_date: input.expiry_date,
        is_active: input.is_active ? 1 : 0,
      });
      return toCoupon({ ...updated, orders: row.orders });
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw conflict(COUPON_MESSAGES.duplicate);
    throw error;
  }
}

/** Deletes a coupon no order carries (a used one is deactivated instead: the orders name it). */
export async function deleteCoupon(db: Database, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.findCouponForChange(trx, id);
    if (!row) throw notFound(COUPON_MESSAGES.notFound);
    const used = Math.max(row.orders, row.current_uses);
    if (used > 0) throw conflict(COUPON_IN_USE(used));
    await repo.deleteCoupon(trx, id);
  });
}

export async function toggleCoupon(db: Database, id: number): Promise<Coupon> {
  const row = await repo.toggleCoupon(db, id);
  if (!row) throw notFound(COUPON_MESSAGES.notFound);
  return toCoupon(row);
}
