// What the catalogue calls answer (docs/api.md, SPEC §3): one product shape for the storefront
// and the back office, product types, sizes and the stock check.
import { z } from 'zod';
import { SIZE_SCALES } from './variants.ts';

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
    /** The colour the photo shows (`colors[].id`); null: every colour (ADR 036). */
    color_id: z.number().int().nullable(),
  })
  .meta({ id: 'ProductImage' });
export type ProductImage = z.infer<typeof productImageSchema>;

/** The 409 of a photo change made on photos that changed meanwhile: the photos as they are now. */
export const photosChangedSchema = z.object({ images: z.array(productImageSchema) }).meta({ id: 'PhotosChanged' });

/** A size and its stock: a letter code (S…XXL), or a key of the product's scale ("40", "2a", "TU"). */
export const sizeStockSchema = z.object({ name: z.string(), stock: z.number().int() }).meta({ id: 'SizeStock' });
export type SizeStock = z.infer<typeof sizeStockSchema>;

/** A colour a product is sold in, in the owner's order (ADR 036). */
export const productColorSchema = z
  .object({
    id,
    name: z.string(),
    name_ar: z.string().nullable(),
    /** The storefront's URL key (`?couleur=`), kept when the name changes. */
    slug: z.string(),
    /** `#rrggbb`. */
    swatch: z.string(),
    /** The photos of this colour, in the product's order. */
    image_ids: z.array(id),
  })
  .meta({ id: 'ProductColor' });
export type ProductColor = z.infer<typeof productColorSchema>;

/** A variant: a colour (none: color_id 0, color '') in a size, with its stock and price in Da. */
export const productVariantSchema = z
  .object({
    color_id: id,
    color: z.string(),
    color_ar: z.string().nullable(),
    slug: z.string(),
    swatch: z.string(),
    /** The size's key in the product's scale: "M", "40", "2a", "TU". */
    size: z.string(),
    /** How a customer reads it, in French: "M", "40", "2 ans", "Taille unique". */
    size_label: z.string(),
    stock: z.number().int(),
    sku: z.string().nullable(),
    /** Added to the product's price before the discount (may be negative). */
    price_diff: z.number(),
    /** The variant's price with the product's discount, never below 0. */
    final_price: z.number(),
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof productVariantSchema>;

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
    /** Without colours, every size of the scale; with colours, the sizes of the first colour. */
    sizes: z.array(sizeStockSchema),
    /** Primary first. */
    images: z.array(productImageSchema),
    /** The product's size scale (ADR 036); `letters` for a product with one stock. */
    size_scale: z.enum(SIZE_SCALES),
    /** The scale's sizes in order (S…XXL for letters, ["TU"] for one size). */
    size_list: z.array(z.string()),
    /** Its colours in the owner's order; [] when it has none. */
    colors: z.array(productColorSchema),
    /** Every variant, in colour order then size order; [] for a product with one stock. */
    variants: z.array(productVariantSchema),
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
    /** `size` null: the product's own stock (sold without sizes); `color_id` 0: no colour. */
    moved: z.array(
      z.object({
        color_id: id,
        size: z.string().nullable(),
        seen: z.number().int(),
        current: z.number().int(),
      }),
    ),
    has_sizes: z.boolean(),
    stock: z.number().int(),
    sizes: z.array(sizeStockSchema),
    /** Every variant as it is now. */
    variants: z.array(productVariantSchema),
  })
  .meta({ id: 'StockMoved' });
export type StockMoved = z.infer<typeof stockMovedSchema>;

/** GET /product/facets: the colours and sizes of the products the other filters select. */
export const productFacetsSchema = z
  .object({
    /** Products having a variant of that colour in stock (with the size filter applied). */
    colors: z.array(
      z.object({
        slug: z.string(),
        name: z.string(),
        name_ar: z.string().nullable(),
        swatch: z.string(),
        count: z.number().int(),
      }),
    ),
    /** Letters first (S…XXL), then numbers ascending, then ages, then one size (with the colour filter applied). */
    sizes: z.array(z.object({ size: z.string(), label: z.string(), label_ar: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'ProductFacets' });
export type ProductFacets = z.infer<typeof productFacetsSchema>;
