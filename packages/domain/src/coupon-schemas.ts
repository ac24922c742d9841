import { z } from 'zod';
import { moneySchema, numberInput, parseAmount, percentSchema } from './common-schemas.ts';
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

/** A coupon takes a percentage of the subtotal (SPEC) or a fixed amount in Da. */
export const COUPON_DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[number];

const DISCOUNT_MESSAGE = 'Discount must be between 0 and 100';
const AMOUNT_MESSAGE = 'The amount must be more than 0 Da';

/**
 * A discount field as the form sends it: an amount (a number, or as typed: "1 250,50"), or empty
 * when the coupon's kind does not use it; never text that is no amount. Its range is checked with
 * its kind (withDiscount).
 */
function discountInput(message: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .refine((value) => parseAmount(value) !== null, { error: message });
}

const couponFields = z.object({
  code: z
    .string({ error: 'Code is required' })
    .trim()
    .min(1, { error: 'Code is required' })
    .max(32, { error: 'Code must be at most 32 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { error: 'Code may only contain letters, digits, - and _' })
    .transform((v) => v.toUpperCase()),
  discount_type: z
    .enum(COUPON_DISCOUNT_TYPES, { error: 'The discount is a percentage or an amount' })
    .optional()
    .default('percent'),
  /** Percent coupons: 0-100 (SPEC §5); empty for an amount. */
  discount_percentage: discountInput(DISCOUNT_MESSAGE),
  /** Amount coupons: Da off the subtotal, at most the subtotal of each order; empty for a percentage. */
  discount_amount: discountInput(AMOUNT_MESSAGE),
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

const percentField = percentSchema(DISCOUNT_MESSAGE);
const amountField = moneySchema('The amount').pipe(z.number().gt(0, { error: AMOUNT_MESSAGE }));

/** A discount field the coupon's kind does not use: left empty, or a value its kind would take. */
const unused = (value: unknown, field: z.ZodType) =>
  value === undefined || value === null || value === '' || field.safeParse(value).success;

/**
 * The discount's two columns from the form: the percentage (0 for an amount) and the amount in Da
 * (null for a percentage); each checked for its own kind, the other only for not being junk.
 */
function withDiscount<
  T extends { discount_type: CouponDiscountType; discount_percentage?: unknown; discount_amount?: unknown },
>(value: T, ctx: z.RefinementCtx) {
  const { discount_percentage: percent, discount_amount: amount, ...rest } = value;
  if (
    !unused(
      value.discount_type === 'percent' ? amount : percent,
      value.discount_type === 'percent' ? amountField : percentField,
    )
  ) {
    const field = value.discount_type === 'percent' ? 'discount_amount' : 'discount_percentage';
    ctx.addIssue({
      code: 'custom',
      message: field === 'discount_amount' ? AMOUNT_MESSAGE : DISCOUNT_MESSAGE,
      path: [field],
    });
    return z.NEVER;
  }
  if (value.discount_type === 'percent') {
    const parsed = percentField.safeParse(percent);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_MESSAGE, path: ['discount_percentage'] });
      return z.NEVER;
    }
    return { ...rest, discount_percentage: parsed.data, discount_amount: null };
  }
  const parsed = amountField.safeParse(amount);
  if (!parsed.success) {
    ctx.addIssue({
      code: 'custom',
      message: parsed.error.issues[0]?.message ?? AMOUNT_MESSAGE,
      path: ['discount_amount'],
    });
    return z.NEVER;
  }
  return { ...rest, discount_percentage: 0, discount_amount: parsed.data };
}

/**
 * Coupon creation (SPEC §5): code upper-cased, a percentage 0-100 or an amount in Da, max uses ≥ 1,
 * expiry not before today.
 */
export const couponCreateSchema = couponFields.transform(withDiscount);
export type CouponCreateInput = z.input<typeof couponCreateSchema>;
export type CouponCreate = z.output<typeof couponCreateSchema>;

/**
 * A coupon's change (PUT /coupon/{id}): its new values, and `seen` the coupon as the form showed
 * it (DESIGN §7.1): refused with the coupon as it is when it changed meanwhile. Its expiry may be
 * kept in the past (an expired code is edited to be reused later, or only renamed).
 */
export const couponUpdateSchema = couponFields
  .extend({
    expiry_date: z
      .string({ error: 'Expiry date is required' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}/, { error: 'Expiry date is required' })
      .transform((v) => v.slice(0, 10))
      .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'Expiry date is invalid' }),
    seen: z.object({
      code: z.string(),
      discount_percentage: z.number(),
      discount_amount: z.number().nullable(),
      max_uses: z.number().int().nullable(),
      expiry_date: z.string(),
      is_active: z.boolean(),
    }),
  })
  .transform(withDiscount);
export type CouponUpdate = z.output<typeof couponUpdateSchema>;

export const couponCodeParamsSchema = z.object({
  code: z.string().trim().min(1, { error: 'Code promo invalide' }).max(64, { error: 'Code promo invalide' }),
});

export { booleanish };
