import { z } from 'zod';
import { moneySchema, optionalText, optionalTranslation, requiredText } from './common-schemas.ts';
import { CUP_ITEM_NAME } from './constants.ts';
import { booleanish } from './coupon-schemas.ts';
import { typedTextProblem } from './typed-text.ts';

export function isCupName(name: string): boolean {
  return name.trim().toLowerCase() === CUP_ITEM_NAME;
}

/** Accepts a list, a JSON array string or a comma-separated string; trims and drops empties. */
export function parseList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map((v) => String(v).trim()).filter(Boolean);
    } catch {
      // not JSON: read it as a comma-separated list below
    }
  }
  return text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** A list of sizes or colours; each is shown to customers and printed with the order (typed-text.ts). */
function list(label: string) {
  return z
    .union([z.array(z.string().max(50)).max(50), z.string().max(2000), z.null()])
    .superRefine((value, ctx) => {
      if (parseList(value).some((v) => typedTextProblem(v, 'line') !== null)) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be visible text, without control or direction-override characters`,
        });
      }
    })
    .optional();
}

/** Custom order item (SPEC §5): name, base price and colours required; sizes except for cup. */
export const customOrderItemSchema = z
  .object({
    name: requiredText('Name is required', 100),
    description: optionalText(1000),
    name_ar: optionalTranslation('Arabic name', 100),
    description_ar: optionalTranslation('Arabic description', 1000, 'text'),
    base_price: moneySchema('Base price'),
    available_sizes: list('Sizes'),
    available_colors: list('Colors'),
    active: booleanish.optional().default(true),
  })
  .transform((item, ctx) => {
    const colors = parseList(item.available_colors);
    const sizes = isCupName(item.name) ? null : parseList(item.available_sizes);
    if (colors.length === 0)
      ctx.addIssue({ code: 'custom', path: ['available_colors'], message: 'Colors are required' });
    if (sizes !== null && sizes.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['available_sizes'], message: 'Sizes are required' });
    }

    return { ...item, available_sizes: sizes, available_colors: colors };
  });
export type CustomOrderItemInput = z.input<typeof customOrderItemSchema>;

/** GET /CustomOrderItem/getAll: active items only unless `all=true`. */
export const customItemsQuerySchema = z.object({ all: booleanish.optional().default(false) });
