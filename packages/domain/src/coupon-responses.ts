// What the coupon calls answer (docs/api.md, SPEC §3).
import { z } from 'zod';

export const couponSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    discount_percentage: z.number(),
    is_active: z.boolean(),
    /** Null: unlimited. */
    max_uses: z.number().int().nullable(),
    current_uses: z.number().int(),
    /** YYYY-MM-DD */
    expiry_date: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

/** A usable code: GET /coupon/validate/{code} and /coupon/validateAndIncrement/{code}. */
export const validCouponSchema = z
  .object({ code: z.string(), discount_percentage: z.number() })
  .meta({ id: 'ValidCoupon' });
export type ValidCoupon = z.infer<typeof validCouponSchema>;
