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
  })
  .refine((v) => new Set(v.order).size === v.order.length, { error: 'A photo is listed twice', path: ['order'] })
  .refine((v) => v.order.every((id) => v.seen.includes(id)), {
    error: 'Only the photos the form showed can be kept',
    path: ['order'],
  })
  .refine((v) => (v.order.length === 0 ? v.primary_image_id === null : v.order.includes(v.primary_image_id ?? -1)), {
    error: 'The primary photo must be one of the photos kept',
    path: ['primary_image_id'],
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
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

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
