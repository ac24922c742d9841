// The products an order line is resolved against, with their colours and variants (ADR 036): the
// new order, the stock check and the desk's edits read them alike, and resolve a line by the one
// rule, lineVariant (packages/domain variants.ts).
import { cartSize } from '@shop/domain/sizes';
import {
  isSizeScale,
  lineVariant,
  type LineVariant,
  type LineVariantProblem,
  type VariantProduct,
} from '@shop/domain/variants';
import type { Executor } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

/** A variant row of a product: its colour (0 for none), size key, stock and price difference. */
export interface VariantRow {
  color_id: number;
  size: string;
  stock: number;
  price_diff_cents: number;
}

/** A product as an order line is priced from: its row, its colours and its variants. */
export type OrderProduct = Awaited<ReturnType<typeof repo.findProductsForOrder>>[number] & {
  colors: { id: number; name: string; slug: string }[];
  variants: VariantRow[];
};

/**
 * These products with their colours and variants, by id (two queries whatever the count). A
 * colour is known by the variant rows that sell it: a colour without any row has nothing to sell.
 */
export async function findOrderProducts(db: Executor, ids: readonly number[]): Promise<Map<number, OrderProduct>> {
  const [products, variants] = await Promise.all([repo.findProductsForOrder(db, ids), repo.findVariantsOf(db, ids)]);
  const found = new Map<number, OrderProduct>(products.map((p) => [p.id, { ...p, colors: [], variants: [] }]));
  const positions = new Map<number, number>();
  for (const row of variants) {
    const product = found.get(row.product_id);
    if (!product) continue;
    const { color_id: colorId, size, stock, price_diff_cents: diff } = row;
    product.variants.push({ color_id: colorId, size, stock, price_diff_cents: diff });
    if (colorId === 0 || row.color_name === null || row.color_slug === null) continue;
    if (product.colors.some((c) => c.id === colorId)) continue;
    product.colors.push({ id: colorId, name: row.color_name, slug: row.color_slug });
    positions.set(colorId, row.color_position ?? 0);
  }
  // The owner's order of the colours.
  for (const product of found.values()) {
    product.colors.sort((a, b) => (positions.get(a.id) ?? 0) - (positions.get(b.id) ?? 0) || a.id - b.id);
  }
  return found;
}

/** A product as lineVariant reads it. */
export function variantProductOf(product: {
  has_sizes: number;
  size_scale: string;
  colors: VariantProduct['colors'];
  variants: VariantProduct['variants'];
}): VariantProduct {
  return {
    has_sizes: product.has_sizes === 1,
    size_scale: isSizeScale(product.size_scale) ? product.size_scale : 'letters',
    colors: product.colors,
    variants: product.variants,
  };
}

/** The variant row of a colour and size, if the product has it. */
export function variantRowOf(product: { variants: readonly VariantRow[] }, colorId: number, size: string) {
  return product.variants.find((v) => v.color_id === colorId && v.size === size);
}

/**
 * The variant a cart line names (lineVariant). A product with one stock refuses a size that is no
 * size at all as invalid, as it did before colours (lineSize), and any other size as not expected.
 */
export function resolveLine(
  product: OrderProduct,
  requested: { size: string; color?: string | null | undefined },
): LineVariant | { problem: LineVariantProblem } {
  if (product.has_sizes !== 1 && product.colors.length === 0 && cartSize(requested.size) === null) {
    return { problem: 'sizeInvalid' };
  }
  return lineVariant(variantProductOf(product), { size: requested.size, color: requested.color ?? '' });
}
