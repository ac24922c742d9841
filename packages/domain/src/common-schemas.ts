import { z } from 'zod';
import { MAX_PRICE_DA, POSTAL_CODE_DIGITS } from './constants.ts';

/** The largest id the databases' integer columns hold (PostgreSQL refuses a larger one with a 500). */
export const MAX_ID = 2_147_483_647;

/** A positive integer id from a path or body, accepting "12" as well as 12. */
export const idSchema = z.coerce
  .number({ error: 'Invalid id' })
  .int({ error: 'Invalid id' })
  .positive({ error: 'Invalid id' })
  .max(MAX_ID, { error: 'Invalid id' });

export const idParamsSchema = z.object({ id: idSchema });

export const postalCodePattern = new RegExp(`^\\d{${POSTAL_CODE_DIGITS}}$`);

/**
 * An amount as a person types it: 1250, "1250.50", "1250,50" (the decimal comma of French and
 * Arabic keyboards), "1 250,50". Undefined when nothing was given, null when it is not an amount.
 * A comma is never a thousands separator: "1250,50" is 1250.50, not 125050.
 */
export function parseAmount(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return undefined;
  if (!/^-?\d+([.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** An amount in Da the shop accepts: 0 to MAX_PRICE_DA, at most two decimals. */
function amountRange(label: string) {
  return z
    .number()
    .min(0, { error: `${label} must be at least 0` })
    .max(MAX_PRICE_DA, { error: `${label} must be at most ${MAX_PRICE_DA} Da` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `${label} can have at most two decimals`,
    });
}

/**
 * Money in Da as the API and the back office's forms speak it: required (an empty field is not
 * 0 Da), a number with at most two decimals, a decimal point or comma.
 */
export function moneySchema(label: string) {
  return z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .nullish()
    .transform((value, ctx) => {
      const amount = parseAmount(value);
      if (amount === undefined) {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number, like 1250 or 1250,50` });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(amountRange(label));
}

/** Like moneySchema, but empty ('' or null) is null (none) and omitted is undefined (unchanged). */
export function optionalMoneySchema(label: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const amount = parseAmount(value);
      if (amount === undefined) return null;
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number, like 1250 or 1250,50` });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(amountRange(label).nullable().optional());
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

/**
 * An optional translation (a product's Arabic name, issue 17): absent leaves it as it is, empty
 * (or null) removes it, text is kept trimmed.
 */
export function optionalTranslation(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));
}
