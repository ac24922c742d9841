import { z } from 'zod';
import {
  idSchema,
  MAX_ID,
  moneySchema,
  numberInput,
  optionalText,
  optionalTranslation,
  percentSchema,
  queryInteger,
  requiredText,
} from './common-schemas.ts';
import { SIZES } from './sizes.ts';
import { MAX_PRICE_DA, PRICE_SLIDER_MAX } from './constants.ts';
import { foldText } from './search-text.ts';
import { MAX_COLORS, MAX_SCALE_SIZES, SIZE_SCALES, SWATCH } from './variants.ts';

export const DISCOUNT_RANGE_MESSAGE = 'Discount must be between 0 and 100';

const sizeStock = numberInput(
  z
    .number()
    .int({ error: 'Stock must be a whole number of at least 0' })
    .min(0, { error: 'Stock must be a whole number of at least 0' })
    .max(1_000_000, { error: 'Stock is too large' }),
  'Stock must be a whole number of at least 0',
);

/**
 * The admin's product form (SPEC §5): name, price and type required, discount 0-100, stock per
 * size an integer of at least 0. A size left empty means the product has no sizes (body care).
 */
export const productFieldsSchema = z.object({
  name: requiredText('Name is required', 200),
  description: optionalText(5000),
  /** Arabic name and description for the Arabic storefront (optional). */
  name_ar: optionalTranslation('Arabic name', 200),
  description_ar: optionalTranslation('Arabic description', 5000, 'text'),
  price: moneySchema('Price'),
  type_id: numberInput(
    z
      .number()
      .int({ error: 'Type is required' })
      .positive({ error: 'Type is required' })
      // No type has a larger id.
      .max(MAX_ID, { error: 'Type not found' }),
    'Type is required',
  ),
  discount_percentage: percentSchema(DISCOUNT_RANGE_MESSAGE).optional().default(0),
  /** Stock of a product without sizes; ignored when any size stock is given. */
  stock: sizeStock.optional(),
  sizes: z.partialRecord(z.enum(SIZES), sizeStock).optional().default({}),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/**
 * The stock part of a product update made against what the owner saw (DESIGN §7.1,
 * docs/api.md): beside each new figure, the one the form was opened with (`seen_sizes[M]`,
 * `seen_stock`), and `has_sizes` to switch between sold by size and one stock. A request with
 * none of these sets its stock as the spec's clients do (absolute figures).
 */
export const productStockEditSchema = z.object({
  has_sizes: z
    .enum(['true', 'false', '1', '0'], { error: 'has_sizes must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  seen_stock: sizeStock.optional(),
  seen_sizes: z.partialRecord(z.enum(SIZES), sizeStock).optional().default({}),
});
export type ProductStockEdit = z.infer<typeof productStockEditSchema>;

export const SIZE_SCALE_MESSAGE = 'The size scale must be letters, numbers, ages or one';

/**
 * The size scale of a product form (ADR 036): `size_scale`, and for numbers and ages the sizes
 * as the owner typed them (`size_list`, parsed by the server with parseSizeList).
 */
export const productScaleSchema = z.object({
  size_scale: z.enum(SIZE_SCALES, { error: SIZE_SCALE_MESSAGE }).optional(),
  size_list: z
    .string({ error: 'The sizes must be text' })
    .max(1000, { error: 'The list of sizes is too long' })
    .optional(),
});

const variantStock = z
  .number({ error: 'Stock must be a whole number of at least 0' })
  .int({ error: 'Stock must be a whole number of at least 0' })
  .min(0, { error: 'Stock must be a whole number of at least 0' })
  .max(1_000_000, { error: 'Stock is too large' });

export const COLOR_NAME_TAKEN = (name: string) => `Two colours are named "${name}": give each colour its own name`;
export const TOO_MANY_COLORS = `A product has at most ${MAX_COLORS} colours`;
export const SWATCH_MESSAGE = 'A colour swatch is written #rrggbb, like #c0392b';
export const VARIANT_TWICE = (color: string, size: string) =>
  `The variant ${[color, size].filter(Boolean).join(' / ') || 'without size'} is listed twice`;
export const UNKNOWN_ROW_COLOR = (color: string) =>
  `A stock row names the colour "${color}", which is not in the colours`;

/** A colour of the product form: an existing one by `id`, a new one by the form's `key`. */
const variantColorInput = z.object({
  id: z.number().int().positive().optional(),
  key: z.string({ error: 'Each colour needs a key' }).max(40, { error: 'A colour key is at most 40 characters' }),
  name: z
    .string({ error: 'Colour name is required' })
    .trim()
    .min(1, { error: 'Colour name is required' })
    .max(60, { error: 'A colour name is at most 60 characters' }),
  name_ar: z
    .string()
    .trim()
    .max(60, { error: 'An Arabic colour name is at most 60 characters' })
    .nullish()
    .transform((v) => v || null),
  swatch: z.string({ error: SWATCH_MESSAGE }).trim().toLowerCase().regex(SWATCH, { error: SWATCH_MESSAGE }),
});

/** A stock row of the form: a colour (id as text, or a new colour's key; '' for none) in a size. */
const variantRowInput = z.object({
  color: z.string().max(40).default(''),
  size: z.string({ error: 'Each stock row needs a size' }).max(20, { error: 'A size is at most 20 characters' }),
  stock: variantStock,
  /** The stock the form was opened with; absent for a row the owner added. */
  seen: variantStock.optional(),
  sku: z
    .string()
    .trim()
    .max(64, { error: 'A SKU is at most 64 characters' })
    .nullish()
    .transform((v) => v || null),
  /** Da added to the product's price for this variant (may be negative). */
  price_diff: z
    .number({ error: 'A price difference must be a number of Da' })
    .min(-MAX_PRICE_DA, { error: 'The price difference is too large' })
    .max(MAX_PRICE_DA, { error: 'The price difference is too large' })
    .optional()
    .default(0),
});

/**
 * The `variants` field of the product form (a JSON text, docs/api.md): the colours in the owner's
 * order and every stock row; `removed` the rows the form showed that the owner removed, with the
 * stock seen (a removed row whose stock moved is a 409).
 */
export const productVariantsInputSchema = z
  .object({
    colors: z.array(variantColorInput).max(MAX_COLORS, { error: TOO_MANY_COLORS }).default([]),
    rows: z.array(variantRowInput).max(MAX_COLORS * MAX_SCALE_SIZES, { error: 'Too many stock rows' }),
    removed: z
      .array(z.object({ color: z.string().max(40).default(''), size: z.string().max(20), seen: variantStock }))
      .max(MAX_COLORS * MAX_SCALE_SIZES)
      .default([]),
  })
  .superRefine((value, ctx) => {
    const names = new Set<string>();
    const keys = new Set<string>();
    for (const [index, color] of value.colors.entries()) {
      const name = foldText(color.name).trim();
      if (names.has(name)) {
        ctx.addIssue({ code: 'custom', message: COLOR_NAME_TAKEN(color.name), path: ['colors', index, 'name'] });
      }
      names.add(name);
      const key = color.id !== undefined ? String(color.id) : color.key;
      if (keys.has(key) || key === '') {
        ctx.addIssue({ code: 'custom', message: 'Each colour needs its own key', path: ['colors', index, 'key'] });
      }
      keys.add(key);
    }
    for (const [index, row] of value.rows.entries()) {
      if (value.colors.length === 0 ? row.color !== '' : !keys.has(row.color)) {
        ctx.addIssue({
          code: 'custom',
          message:
            value.colors.length === 0
              ? UNKNOWN_ROW_COLOR(row.color)
              : row.color === ''
                ? 'Each stock row needs a colour'
                : UNKNOWN_ROW_COLOR(row.color),
          path: ['rows', index, 'color'],
        });
      }
    }
  });
export type ProductVariantsInput = z.infer<typeof productVariantsInputSchema>;

export const discountUpdateSchema = z.object({
  discount_percentage: percentSchema(DISCOUNT_RANGE_MESSAGE),
});

export const setPrimaryImageParamsSchema = z.object({ productId: idSchema, imageId: idSchema });
export const imageIdParamsSchema = z.object({ imageId: idSchema });

/** At most this many photos per product (as many as one form may upload at once, twice). */
const MAX_PHOTOS = 50;

/**
 * A product's photos as the owner leaves them in the form, sent with what the form was opened
 * with (DESIGN §7.1): `seen` the photos it showed, `order` those kept, in their new order (the
 * others are deleted), `primary_image_id` the main one among them (null when none is kept).
 */
export const productPhotosSchema = z
  .object({
    seen: z.array(idSchema).max(MAX_PHOTOS),
    order: z.array(idSchema).max(MAX_PHOTOS),
    primary_image_id: idSchema.nullable(),
    /** The colour each photo shows (`colors[].id` of the product), null for every colour; absent: unchanged. */
    colors: z
      .array(z.object({ image_id: idSchema, color_id: idSchema.nullable() }))
      .max(MAX_PHOTOS)
      .optional(),
  })
  .refine((v) => new Set(v.order).size === v.order.length, { error: 'A photo is listed twice', path: ['order'] })
  .refine((v) => v.order.every((id) => v.seen.includes(id)), {
    error: 'Only the photos the form showed can be kept',
    path: ['order'],
  })
  .refine((v) => (v.order.length === 0 ? v.primary_image_id === null : v.order.includes(v.primary_image_id ?? -1)), {
    error: 'The primary photo must be one of the photos kept',
    path: ['primary_image_id'],
  })
  .refine((v) => (v.colors ?? []).every((c) => v.order.includes(c.image_id)), {
    error: 'A colour can only be given to a photo kept',
    path: ['colors'],
  })
  .refine((v) => new Set((v.colors ?? []).map((c) => c.image_id)).size === (v.colors ?? []).length, {
    error: 'A photo is given a colour twice',
    path: ['colors'],
  });
export type ProductPhotos = z.infer<typeof productPhotosSchema>;

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'rating', 'discount'] as const;

/** A price filter of the query string, in Da: digits, with a decimal point if any. */
function priceBound(name: string) {
  const message = `${name} must be a price in Da`;
  return numberInput(
    z
      .number()
      .min(0, { error: message })
      .transform((v) => Math.min(v, MAX_PRICE_DA)),
    message,
    { decimals: true },
  );
}

/** A colour's URL key as colorSlug makes it (letters of French or Arabic names, digits, hyphens). */
const COLOR_KEY = /^[\p{Script=Latin}\p{Script=Arabic}\p{N}-]{1,60}$/u;
/** A size as a filter takes it: "M", "40", "42.5", "2 ans", "18m", "TU". */
const SIZE_KEY = /^[\p{Script=Latin}\p{N}., ]{1,20}$/u;

/** Filters and paging of GET /product/getAll (DESIGN §3.9); without page it returns everything. */
export const productListQuerySchema = z.object({
  page: queryInteger(1, 1_000_000, 'page').optional(),
  limit: queryInteger(1, 100, 'limit').optional(),
  type: queryInteger(1, MAX_ID, 'type').optional(),
  // A bound above every possible price filters nothing: clamped, so its centimes stay in range.
  min: priceBound('min').optional(),
  max: priceBound('max').optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
  /** A colour's URL key: products with a variant of that colour in stock. */
  color: z
    .string()
    .trim()
    .regex(COLOR_KEY, { error: 'color must be a colour key, like rouge or bleu-nuit' })
    .optional(),
  /** A size key ("M", "40", "2a", "TU"): products with a variant of that size in stock. */
  size: z.string().trim().regex(SIZE_KEY, { error: 'size must be a size, like M, 40 or 2a' }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** GET /product/facets: the shop list's filters, without paging or sort. */
export const productFacetsQuerySchema = productListQuerySchema.pick({
  type: true,
  min: true,
  max: true,
  q: true,
  color: true,
  size: true,
});
export type ProductFacetsQuery = z.infer<typeof productFacetsQuerySchema>;

/** GET /product/suggest: what was searched and found nothing. */
export const productSuggestQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).trim().min(1, { error: 'q is required' }).max(100),
});
export const PRICE_FILTER_DEFAULT_MAX = PRICE_SLIDER_MAX;

export const productTypeSchema = z.object({
  name: requiredText('Name is required', 100),
  description: requiredText('Description is required', 1000, 'text'),
  name_ar: optionalTranslation('Arabic name', 100),
  description_ar: optionalTranslation('Arabic description', 1000, 'text'),
  for_custom: z
    .union([
      z.boolean(),
      z.literal(0),
      z.literal(1),
      z.literal('true'),
      z.literal('false'),
      z.literal('0'),
      z.literal('1'),
    ])
    .optional()
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1'),
});

export const checkStockLineSchema = z.object({ product_id: idSchema });

/** GET /product/getLatest: 10 newest by default, at most 50. */
export const latestProductsQuerySchema = z.object({
  limit: queryInteger(1, 50, 'limit').optional(),
});
