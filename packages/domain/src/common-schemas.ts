import { z } from 'zod';
import { MAX_PRICE_DA, PHONE_DIGITS, POSTAL_CODE_DIGITS } from './constants.ts';

/** The largest id the databases' integer columns hold (PostgreSQL refuses a larger one with a 500). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id from a path or body, accepting "12" as well as 12. */
export const idSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int({ error: 'Invalid id' })
  .positive({ error: 'Invalid id' })
  .max(MAX_ID, { error: 'Invalid id' });

export const idParamsSchema = z.object({ id: idSchema });

export const phonePattern = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
export const postalCodePattern = new RegExp(`^\\d{${POSTAL_CODE_DIGITS}}$`);

/** Money in Da as the API speaks it: a number (or numeric string) with at most two decimals. */
export function moneySchema(label: string) {
  return z.coerce
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, { error: `${label} must be a number` })
    .min(0, { error: `${label} must be at least 0` })
    .max(MAX_PRICE_DA, { error: `${label} must be at most ${MAX_PRICE_DA} Da` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `${label} can have at most two decimals`,
    });
}

export function percentSchema(message: string) {
  return z.coerce
    .number({ error: message })
    .refine(Number.isFinite, { error: message })
    .min(0, { error: message })
    .max(100, { error: message });
}

/** A trimmed, required string with a length cap. */
export function requiredText(message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional()
    .default('');
}
