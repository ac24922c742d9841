// Coupons (SPEC §3, §5; DESIGN §3.4): validating a code never counts a use; a use is counted by the
// order that carries it, inside the order's transaction (orders/order-stock.ts, stock-store.ts).
import { couponDisplayStatus, todayIso } from '@shop/domain/coupon-status';
import type { Coupon, ValidCoupon } from '@shop/domain/coupon-responses';
import type { CouponRow, Database } from '../../db/database.ts';
import { badRequest, conflict, notFound, type Bilingual, type HttpError } from '../../http/errors.ts';
import * as repo from './coupons.repository.ts';

// A code is checked by customers (French) and by the owner's Validate button (English).
export const COUPON_MESSAGES = {
  unknown: { fr: 'Code promo invalide', en: 'Unknown coupon code' },
  expired: { fr: 'Code promo expiré', en: 'Coupon expired' },
  inactive: { fr: 'Code promo désactivé', en: 'Coupon inactive' },
  exhausted: { fr: 'Code promo épuisé', en: 'Coupon has reached its maximum uses' },
  valid: { fr: 'Code promo valide', en: 'Coupon is valid' },
  duplicate: 'Coupon code already exists',
  notFound: 'Coupon not found',
} as const satisfies Record<string, Bilingual | string>;

export function toCoupon(row: CouponRow): Coupon {
  return {
    id: row.id,
    code: row.code,
    discount_percentage: row.discount_percentage,
    is_active: row.is_active === 1,
    max_uses: row.max_uses,
    current_uses: row.current_uses,
    expiry_date: row.expiry_date,
    created_at: row.created_at,
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
  return { code: row.code, discount_percentage: row.discount_percentage };
}

export async function listCoupons(db: Database): Promise<Coupon[]> {
  return (await repo.listCoupons(db)).map(toCoupon);
}

export interface CouponCreate {
  code: string;
  discount_percentage: number;
  max_uses: number;
  expiry_date: string;
  is_active: boolean;
}

export async function createCoupon(db: Database, input: CouponCreate): Promise<Coupon> {
  if (await repo.findCouponByCode(db, input.code)) throw conflict(COUPON_MESSAGES.duplicate);
  try {
    const row = await repo.insertCoupon(db, {
      code: input.code,
      discount_percentage: input.discount_percentage,
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

export async function toggleCoupon(db: Database, id: number): Promise<Coupon> {
  const row = await repo.toggleCoupon(db, id);
  if (!row) throw notFound(COUPON_MESSAGES.notFound);
  return toCoupon(row);
}
