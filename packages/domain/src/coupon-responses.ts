// What the coupon calls answer (docs/api.md, SPEC §3).
import { z } from 'zod';
import { COUPON_DISCOUNT_TYPES } from './coupon-schemas.ts';

export const couponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    /** A percentage of the subtotal, or a fixed amount in Da. */
    discount_type: z.enum(COUPON_DISCOUNT_TYPES),
    /** 0 for an amount coupon. */
    discount_percentage: z.number(),
    /** Da off the subtotal (at most the subtotal); null for a percentage coupon. */
    discount_amount: z.number().nullable(),
    is_active: z.boolean(),
    /** Null: unlimited. */
    max_uses: z.number().int().nullable(),
    current_uses: z.number().int(),
    /** YYYY-MM-DD */
    expiry_date: z.string(),
    created_at: z.string(),
    /** Orders that carry the code (a coupon is deleted only while none does). */
    orders: z.number().int(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

/** A usable code: GET /coupon/validate/{code} and /coupon/validateAndIncrement/{code}. */
export const validCouponSchema = z
  .object({
    code: z.string(),
    /** 0 for an amount coupon. */
    discount_percentage: z.number(),
    /** Da off the subtotal, at most the subtotal; null for a percentage coupon. */
    discount_amount: z.number().nullable(),
  })
  .meta({ id: 'ValidCoupon' });
export type ValidCoupon = z.infer<typeof validCouponSchema>;
