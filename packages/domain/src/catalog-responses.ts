// What the catalogue calls answer (docs/api.md, SPEC §3): one product shape for the storefront
// and the back office, product types, sizes and the stock check.
import { z } from 'zod';
import { SIZES } from './sizes.ts';

const id = z.number().int();

export const productImageSchema = z
  .object({
    id,
    /** "/uploads/…", shown from /public (SPEC §7). */
    image_url: z.string(),
    /** 1 for the main image, 0 otherwise. */
    is_primary: z.number().int(),
    /** Where the owner placed it among the product's photos, from 0 (lists put the primary first). */
    position: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImageSchema>;

/** The 409 of a photo change made on photos that changed meanwhile: the photos as they are now. */
export const photosChangedSchema = z.object({ images: z.array(productImageSchema) }).meta({ id: 'PhotosChanged' });

export const sizeStockSchema = z.object({ name: z.enum(SIZES), stock: z.number().int() }).meta({ id: 'SizeStock' });
export type SizeStock = z.infer<typeof sizeStockSchema>;

/** Every product read, store and admin. Prices in Da; a product without sizes has `sizes: []`. */
export const productSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    /** The Arabic name and description, shown on the Arabic storefront; null: the French ones are shown. */
    name_ar: z.string().nullable(),
    description_ar: z.string().nullable(),
    price: z.number(),
    final_price: z.number(),
    /** The same as final_price, under the name the carousel reads (SPEC §3). */
    discounted_price: z.number(),
    discount_percentage: z.number(),
    /** One decimal, 0 when there is no rating. */
    average_rating: z.number(),
    total_ratings: z.number().int(),
    /** The sum of the size stocks for a sized product, its own stock otherwise. */
    stock: z.number().int(),
    has_sizes: z.boolean(),
    /** Null once its type is gone. */
    type_id: z.number().int().nullable(),
    type_name: z.string().nullable(),
    type_name_ar: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    size_s: z.number().int(),
    size_m: z.number().int(),
    size_l: z.number().int(),
    size_xl: z.number().int(),
    size_xxl: z.number().int(),
    sizes: z.array(sizeStockSchema),
    /** Primary first. */
    images: z.array(productImageSchema),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** The product type read; `productTypeSchema` (catalog-schemas.ts) is its payload. */
export const productTypeReadSchema = z
  .object({
    id,
    name: z.string(),
    description: z.string(),
    /** Arabic name and description, null when not given (the French ones are shown). */
    name_ar: z.string().nullable(),
    description_ar: z.string().nullable(),
    for_custom: z.boolean(),
  })
  .meta({ id: 'ProductType' });

/** A product a search that found nothing may have meant (GET /product/suggest). */
export const productSuggestionSchema = z
  .object({ id: z.number().int(), name: z.string(), name_ar: z.string().nullable() })
  .meta({ id: 'ProductSuggestion' });
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;
export type ProductType = z.infer<typeof productTypeReadSchema>;

/** One cart line of the stock check, lines of the same product and size merged. */
export const stockLineSchema = z
  .object({
    product_id: id,
    name: z.string(),
    /** Short code, '' for a product without sizes. */
    size: z.string(),
    /** The variant's colour (its French name) and id, only on a line of a product sold in colours (ADR 036). */
    color: z.string().optional(),
    color_id: id.optional(),
    requested: z.number().int(),
    available: z.number().int(),
    ok: z.boolean(),
  })
  .meta({ id: 'StockLine' });
export type StockLine = z.infer<typeof stockLineSchema>;

export const stockCheckSchema = z.object({ ok: z.boolean(), items: z.array(stockLineSchema) });
export type StockCheck = z.infer<typeof stockCheckSchema>;

/** 409 on deleting a type still given to products. */
export const typeInUseSchema = z.object({ products: z.number().int() });

/**
 * 409 on a product update whose stock moved since the owner saw it (an order took or gave units
 * back): the figures that moved and every figure as it is now, so the form can show them.
 */
export const stockMovedSchema = z
  .object({
    /** `size` null: the product's own stock (sold without sizes). */
    moved: z.array(z.object({ size: z.enum(SIZES).nullable(), seen: z.number().int(), current: z.number().int() })),
    has_sizes: z.boolean(),
    stock: z.number().int(),
    sizes: z.array(sizeStockSchema),
  })
  .meta({ id: 'StockMoved' });
export type StockMoved = z.infer<typeof stockMovedSchema>;
