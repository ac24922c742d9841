import { z } from 'zod';
import { numberInput, percentSchema } from './common-schemas.ts';
import { COUPON_MIN_MAX_USES } from './constants.ts';
import { todayIso } from './coupon-status.ts';

const booleanish = z
  .union([
    z.boolean(),
    z.literal(0),
    z.literal(1),
    z.literal('true'),
    z.literal('false'),
    z.literal('0'),
    z.literal('1'),
  ])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/** Coupon creation (SPEC §5): code upper-cased, discount 0-100, max uses ≥ 1, expiry not before today. */
export const couponCreateSchema = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, { error: 'Code is required' })
    .max(32, { error: 'Code must be at most 32 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Code may only contain letters, digits, - and _' })
    .transform((v) => v.toUpperCase()),
  discount_percentage: percentSchema('Discount must be between 0 and 100'),
  max_uses: numberInput(
    z
      .number()
      .int({ error: 'Max uses must be a whole number' })
      .min(COUPON_MIN_MAX_USES, { error: 'Max uses must be at least 1' })
      .max(1_000_000_000, { error: 'Max uses is too large' }),
    'Max uses is required',
    { decimals: true },
  ),
  expiry_date: z
    .string({ error: 'Expiry date is required' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/, { error: 'Expiry date is required' })
    .transform((v) => v.slice(0, 10))
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Expiry date is invalid' })
    .refine((v) => v >= todayIso(), { error: 'Expiry date cannot be in the past' }),
  is_active: booleanish.optional().default(true),
});
export type CouponCreateInput = z.input<typeof couponCreateSchema>;

export const couponCodeParamsSchema = z.object({
  code: z.string().trim().min(1, { error: 'Code promo invalide' }).max(64, { error: 'Code promo invalide' }),
});

export { booleanish };
