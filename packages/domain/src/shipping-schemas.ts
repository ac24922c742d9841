import { z } from 'zod';
import { idSchema, moneySchema, numberInput, optionalMoneySchema, requiredText } from './common-schemas.ts';
import { MAX_PRICE_DA } from './constants.ts';

/** An official wilaya number (1-58…), as a number or its digits. */
function wilayaCode() {
  return numberInput(
    z
      .number()
      .int({ error: 'Wilaya code must be a whole number' })
      .min(1, { error: 'Wilaya code must be at least 1' })
      .max(999, { error: 'Wilaya code is too large' }),
    'Wilaya code must be a number',
    { decimals: true },
  );
}

export const shippingPriceCreateSchema = z.object({
  wilaya_name: requiredText('Wilaya name is required', 100),
  price: moneySchema('Price'),
  /** Stop desk fee; empty or null: no stop desk in this wilaya; omitted on update: kept. */
  stop_desk_price: optionalMoneySchema('Stop desk price'),
  /** Official wilaya number (1-58…); optional, kept when omitted on update. */
  wilaya_code: wilayaCode().nullable().optional(),
});

export const shippingPriceUpdateSchema = shippingPriceCreateSchema.extend({ id: idSchema });
export const shippingPriceDeleteSchema = z.object({ id: idSchema });
/** A commune's own fees removed: it costs its wilaya's fees again. */
export const communeFeeDeleteSchema = z.object({
  id: idSchema,
  commune: requiredText('The commune is required', 100),
});

export const DELIVERY_TYPES = ['home', 'stop_desk'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/**
 * Every wilaya's fees changed at once: by an amount in Da (may be negative) or a percentage,
 * on home and/or stop desk fees; results are whole dinars, never below 0.
 */
export const shippingAdjustSchema = z
  .object({
    mode: z.enum(['amount', 'percent'], { error: 'Mode must be amount or percent' }),
    value: numberInput(
      z.number().refine((v) => v !== 0, { error: 'Value must not be 0' }),
      'Value must be a number',
      { decimals: true },
    ),
    apply_to: z.enum(['home', 'stop_desk', 'both'], { error: 'apply_to must be home, stop_desk or both' }),
  })
  .superRefine((body, ctx) => {
    if (body.mode === 'percent' && (body.value < -100 || body.value > 1000)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage must be between -100 and 1000' });
    }
    if (body.mode === 'amount' && Math.abs(body.value) > MAX_PRICE_DA) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `An amount must be at most ${MAX_PRICE_DA} Da` });
    }
  });
export type ShippingAdjust = z.infer<typeof shippingAdjustSchema>;

/** A fee after an adjustment: whole dinars, at least 0, at most MAX_PRICE_DA. */
export function adjustedFee(da: number, adjust: Pick<ShippingAdjust, 'mode' | 'value'>): number {
  const raw = adjust.mode === 'amount' ? da + adjust.value : da * (1 + adjust.value / 100);
  return Math.min(MAX_PRICE_DA, Math.max(0, Math.round(raw)));
}

/** Fees in Da, null where there is none (no stop desk; a commune's fee that is the wilaya's). */
export interface AdjustableFees {
  price: number | null;
  stop_desk_price: number | null;
}

/** Fees after an adjustment: only those it applies to, and only those that exist. */
export function adjustedFees<T extends AdjustableFees>(fees: T, adjust: ShippingAdjust): AdjustableFees {
  const change = (fee: number | null, wanted: boolean) => (wanted && fee !== null ? adjustedFee(fee, adjust) : fee);
  return {
    price: change(fees.price, adjust.apply_to !== 'stop_desk'),
    stop_desk_price: change(fees.stop_desk_price, adjust.apply_to !== 'home'),
  };
}

/** Whether an adjustment changes any of these fees (a wilaya without a stop desk has none to change). */
export function adjustmentChanges(fees: AdjustableFees, adjust: ShippingAdjust): boolean {
  const after = adjustedFees(fees, adjust);
  return after.price !== fees.price || after.stop_desk_price !== fees.stop_desk_price;
}

/**
 * How many wilayas an adjustment changes: those whose own fees, or the fees of a commune priced
 * apart, it changes. What the confirmation announces and what the server writes.
 */
export function wilayasChangedBy(
  wilayas: readonly (AdjustableFees & { communes?: readonly AdjustableFees[] })[],
  adjust: ShippingAdjust,
): number {
  return wilayas.filter(
    (w) => adjustmentChanges(w, adjust) || (w.communes ?? []).some((c) => adjustmentChanges(c, adjust)),
  ).length;
}

/** A commune of a grid priced apart from its wilaya: its own fees (null: the wilaya's). */
export const feeGridCommuneSchema = z.object({
  name: requiredText('The commune is required', 100),
  price: optionalMoneySchema('The commune’s home fee').transform((v) => v ?? null),
  stop_desk_price: optionalMoneySchema('The commune’s stop desk fee').transform((v) => v ?? null),
});

/**
 * A fee grid applied to the shipping table: each wilaya by its official number, its home
 * fee and stop desk fee (null: no stop desk there), and, when the grid prices communes, those
 * priced apart from the wilaya (they replace the wilaya's; omitted: the wilaya's are kept). Wilayas
 * the grid leaves out keep their fees.
 */
export const feeGridRowSchema = z.object({
  wilaya_code: wilayaCode(),
  price: moneySchema('Home delivery fee'),
  stop_desk_price: optionalMoneySchema('Stop desk fee').transform((v) => v ?? null),
  communes: z
    .array(feeGridCommuneSchema, { error: 'communes must be a list of communes and fees' })
    .max(500, { error: 'At most 500 communes in a wilaya' })
    .optional(),
});
export type FeeGridRow = z.infer<typeof feeGridRowSchema>;

export const feeGridApplySchema = z.object({
  rows: z
    .array(feeGridRowSchema, { error: 'rows must be a list of wilayas and fees' })
    .min(1, { error: 'The grid has no wilaya' })
    .max(200, { error: 'At most 200 wilayas' }),
});

/**
 * A grid as a CSV file's text: one wilaya a line, "wilaya; home; stop desk", or with a commune
 * column, "wilaya; commune; home; stop desk" (an empty commune: the whole wilaya).
 */
export const feeGridCsvSchema = z.object({
  csv: z
    .string({ error: 'csv must be the file’s text' })
    .max(200_000, { error: 'The file is too large (200 kB at most)' })
    .refine((text) => text.trim() !== '', { error: 'The file is empty' }),
});

/** POST /ShippingPrice/import/yalidine: the wilayas still to fetch (all of them when omitted). */
export const yalidineFeesQuerySchema = z.object({
  wilaya_codes: z
    .array(z.number().int().min(1).max(999), { error: 'wilaya_codes must be wilaya numbers' })
    .max(200)
    .optional(),
});
