// A product's colours and size scale as the storefront reads them (issue 30, docs/decisions/036).
// Every product read carries `size_scale`, `size_list`, `colors`, `variants` and each image's
// `color_id`; a read without them (a page cached before, a test's product) is a product without
// colours on the letters scale, sold by its `sizes` as before.
import { isSize } from '@shop/domain/sizes';
import { foldText } from '@shop/domain/search-text';
import { isSizeScale, ONE_SIZE, sizeLabel as scaleSizeLabel, type SizeScale } from '@shop/domain/variants';
import { toNumber } from '../../../lib/format.ts';
import { currentLanguage, localized, sizeLabel as letterSizeLabel } from '../../i18n/i18n.ts';
import type { ProductColor, ProductVariant } from '@shop/domain/catalog-responses';
import type { Product, ProductImage } from './types.ts';

/** The query parameter that keeps a product page's colour: `/product/12?couleur=rouge`. */
export const COLOR_PARAM = 'couleur';

// The shapes of the API's answers (packages/domain), type-only: nothing of zod reaches the bundle.
export type { ProductColor, ProductVariant };

/** The fields issue 30 adds to every product read (optional here: older reads lack them). */
export interface VariantFields {
  size_scale?: SizeScale;
  size_list?: string[];
  colors?: ProductColor[];
  variants?: ProductVariant[];
}

export type VariantProduct = Pick<Product, 'has_sizes' | 'sizes' | 'images' | 'final_price'> & VariantFields;

/** What the product page needs of a product's variants. */
export interface Variants {
  scale: SizeScale;
  /** The sizes to offer, in the owner's order (empty for one stock; ['TU'] for one size). */
  sizes: readonly string[];
  colors: readonly ProductColor[];
  /** Every variant, colour id 0 when the product has no colours. */
  variants: readonly ProductVariant[];
}

export function productVariants(product: VariantProduct): Variants {
  const scale = isSizeScale(product.size_scale) ? product.size_scale : 'letters';
  const colors = product.colors ?? [];
  if (!product.has_sizes) return { scale, sizes: [], colors: [], variants: [] };
  const finalPrice = toNumber(product.final_price);
  const variants: ProductVariant[] =
    product.variants && product.variants.length > 0
      ? product.variants.map((v) => ({ ...v, stock: toNumber(v.stock), final_price: toNumber(v.final_price) }))
      : product.sizes.map((s) => ({
          color_id: 0,
          color: '',
          color_ar: null,
          slug: '',
          swatch: '',
          size: s.name,
          size_label: s.name,
          stock: toNumber(s.stock),
          sku: null,
          price_diff: 0,
          final_price: finalPrice,
        }));
  const listed = scale === 'one' ? [ONE_SIZE] : (product.size_list ?? []);
  const sizes = listed.length > 0 ? listed : [...new Set(variants.map((v) => v.size))];
  return { scale, sizes, colors, variants };
}

/** The variant of a colour (0: none) and size, if the product has it. */
export function variantOf(variants: Variants, colorId: number, size: string): ProductVariant | undefined {
  return variants.variants.find((v) => v.color_id === colorId && v.size === size);
}

/** The units left of a colour, over its sizes. */
export function colorStock(variants: Variants, colorId: number): number {
  return variants.variants.filter((v) => v.color_id === colorId).reduce((sum, v) => sum + v.stock, 0);
}

/** The colour an address names (`?couleur=rouge`), by its slug, or its name folded; unknown: undefined. */
export function colorBySlug(colors: readonly ProductColor[], slug: string | null): ProductColor | undefined {
  if (!slug) return undefined;
  const folded = foldText(slug).trim();
  return colors.find((c) => c.slug === slug || c.slug === folded || foldText(c.name) === folded);
}

/**
 * The photos shown for a colour: its own and those of every colour (color_id null), in the
 * product's order; every photo when no colour is chosen (or it would leave none).
 */
export function imagesFor(images: readonly ProductImage[], color: ProductColor | undefined): ProductImage[] {
  if (!color) return [...images];
  const own = (image: ProductImage) => {
    const colorId = (image as ProductImage & { color_id?: number | null }).color_id;
    return colorId === color.id || color.image_ids.includes(image.id);
  };
  const shared = (image: ProductImage) => {
    const colorId = (image as ProductImage & { color_id?: number | null }).color_id;
    return colorId === null || colorId === undefined;
  };
  const shown = images.filter((image) => own(image) || shared(image));
  // A colour without a photo of its own, on a product without shared photos: every photo rather than none.
  return shown.length > 0 ? shown : [...images];
}

/** A colour's name in the page's language (its Arabic name on /ar when the owner gave one). */
export function colorName(color: { name: string; name_ar?: string | null }): string {
  return localized(color.name, color.name_ar);
}

/**
 * A size as the customer reads it: letters as the shop always named them ("Medium", "متوسط (M)"),
 * the other scales by the shared rule ("38", "2 ans", "2 سنوات", "Taille unique").
 */
export function sizeText(scale: SizeScale | undefined, key: string): string {
  if ((scale === undefined || scale === 'letters') && isSize(key)) return letterSizeLabel(key);
  return scaleSizeLabel(scale ?? (key === ONE_SIZE ? 'one' : 'numbers'), key, currentLanguage());
}
