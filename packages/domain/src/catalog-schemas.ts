import { z } from 'zod';
import { idSchema, MAX_ID, moneySchema, optionalTranslation, percentSchema, requiredText } from './common-schemas.ts';
import { SIZES } from './sizes.ts';
import { MAX_PRICE_DA, PRICE_SLIDER_MAX } from './constants.ts';

export const DISCOUNT_RANGE_MESSAGE = 'Discount must be between 0 and 100';

const sizeStock = z.coerce
  .number({ error: 'Stock must be a whole number of at least 0' })
  .int({ error: 'Stock must be a whole number of at least 0' })
  .min(0, { error: 'Stock must be a whole number of at least 0' })
  .max(1_000_000, { error: 'Stock is too large' });

/**
 * The admin's product form (SPEC §5): name, price and type required, discount 0-100, stock per
 * size an integer of at least 0. A size left empty means the product has no sizes (body care).
 */
export const productFieldsSchema = z.object({
  name: requiredText('Name is required', 200),
  description: z.string().trim().max(5000).optional().default(''),
  /** Arabic name and description for the Arabic storefront (optional). */
  name_ar: optionalTranslation('Arabic name', 200),
  description_ar: optionalTranslation('Arabic description', 5000),
  price: moneySchema('Price'),
  type_id: z.coerce
    .number({ error: 'Type is required' })
    .int({ error: 'Type is required' })
    .positive({ error: 'Type is required' })
    // No type has a larger id.
    .max(MAX_ID, { error: 'Type not found' }),
  discount_percentage: percentSchema(DISCOUNT_RANGE_MESSAGE).optional().default(0),
  /** Stock of a product without sizes; ignored when any size stock is given. */
  stock: sizeStock.optional(),
  sizes: z.partialRecord(z.enum(SIZES), sizeStock).optional().default({}),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

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

/** Filters and paging of GET /product/getAll (DESIGN §3.9); without page it returns everything. */
export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, { error: 'page must be at least 1' }).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(100, { error: 'limit must be at most 100' }).optional(),
  type: z.coerce.number().int().positive().max(MAX_ID).optional(),
  // A bound above every possible price filters nothing: clamped, so its centimes stay in range.
  min: z.coerce
    .number()
    .min(0)
    .transform((v) => Math.min(v, MAX_PRICE_DA))
    .optional(),
  max: z.coerce
    .number()
    .min(0)
    .transform((v) => Math.min(v, MAX_PRICE_DA))
    .optional(),
  q: z.string().trim().max(100).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export const PRICE_FILTER_DEFAULT_MAX = PRICE_SLIDER_MAX;

export const productTypeSchema = z.object({
  name: requiredText('Name is required', 100),
  description: requiredText('Description is required', 1000),
  name_ar: optionalTranslation('Arabic name', 100),
  description_ar: optionalTranslation('Arabic description', 1000),
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
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: 'limit must be at least 1' })
    .max(50, { error: 'limit must be at most 50' })
    .optional(),
});
