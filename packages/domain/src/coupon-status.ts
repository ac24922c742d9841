// Display status and remaining uses of a coupon (SPEC §4), shared by the admin page and the server.

export type CouponDisplayStatus = 'Inactive' | 'Expired' | 'Max Used' | 'Active';

export interface CouponState {
  is_active: boolean;
  expiry_date: string; // YYYY-MM-DD, the last day the code works
  max_uses: number | null;
  current_uses: number;
}

/** Today's date as YYYY-MM-DD in UTC. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function isExpired(expiryDate: string, today: string = todayIso()): boolean {
  return expiryDate < today;
}

export function couponDisplayStatus(coupon: CouponState, today: string = todayIso()): CouponDisplayStatus {
  if (!coupon.is_active) return 'Inactive';
  if (isExpired(coupon.expiry_date, today)) return 'Expired';
  if (coupon.max_uses !== null && coupon.current_uses >= coupon.max_uses) return 'Max Used';
  return 'Active';
}

export function remainingUses(coupon: Pick<CouponState, 'max_uses' | 'current_uses'>): number | 'Unlimited' {
  if (coupon.max_uses === null) return 'Unlimited';
  return Math.max(0, coupon.max_uses - coupon.current_uses);
}
