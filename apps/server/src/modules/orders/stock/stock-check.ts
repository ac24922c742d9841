// What is available for each cart line (POST /product/checkStock, and the lines of an order
// refused for stock): lines are resolved by the order's own rule (lineVariant, ADR 036), so a line
// the order would refuse for its colour or size has nothing available, and are counted per
// variant (product, colour, size) as the order takes them.
import type { StockCheck } from '@shop/domain/catalog-responses';
import { mergeLines } from '@shop/domain/order-lines';
import type { Database } from '../../../db/database.ts';
import { batchedReads } from '../../../db/batched-reads.ts';
import { findOrderProducts, resolveLine, variantRowOf } from '../variant-products.ts';

/** What a line names when a product is not found (the catalogue's message). */
const PRODUCT_NOT_FOUND_FR = 'Produit introuvable';

/**
 * Products with their colours and the stock of each of their variants, by id. The stock checks
 * that arrive together (carts before checkout, the orders of one batch refused for stock) share
 * one query per table (db/batched-reads.ts); each check still reads afresh.
 */
export function createStockReads(db: Database) {
  return batchedReads((ids: readonly number[]) => findOrderProducts(db, ids));
}
export type StockReads = ReturnType<typeof createStockReads>;

/**
 * What is available for each cart line. Lines of the same variant are merged and their quantities
 * summed; a product with one stock is checked on its own stock. A line of a product sold in
 * colours answers its colour (name and id) beside its size; other lines answer as they did
 * before colours.
 */
export async function checkStock(
  stockReads: StockReads,
  lines: readonly {
    product_id: number;
    size?: string | undefined;
    color?: string | undefined;
    color_id?: number | undefined;
    quantity: number;
  }[],
): Promise<StockCheck> {
  const ids = [...new Set(lines.map((l) => l.product_id))];
  const found = await Promise.all(ids.map((id) => stockReads.load(id)));
  const products = new Map(found.flatMap((p) => (p ? [[p.id, p] as const] : [])));
  // A colour that names no colour of its product is kept apart from the others by its text.
  const unknownColors = new Map<string, number>();
  const resolvedLines = lines.map((line) => {
    const product = products.get(line.product_id);
    const rawSize = (line.size ?? '').trim();
    const rawColor = (line.color ?? '').trim();
    if (product && line.color_id !== undefined) {
      // Lines the server resolved already (an order refused for stock): their variant as it is.
      const color = product.colors.find((c) => c.id === line.color_id)?.name ?? '';
      return {
        product_id: line.product_id,
        size: rawSize,
        color_id: line.color_id,
        color,
        quantity: line.quantity,
        ok: true,
      };
    }
    const resolved = product ? resolveLine(product, { size: rawSize, color: rawColor }) : null;
    if (resolved && !('problem' in resolved)) {
      return { product_id: line.product_id, ...resolved, quantity: line.quantity, ok: true };
    }
    if (!unknownColors.has(rawColor)) unknownColors.set(rawColor, -unknownColors.size - 1);
    const colorId = rawColor ? (unknownColors.get(rawColor) ?? -1) : 0;
    return {
      product_id: line.product_id,
      size: rawSize,
      color_id: colorId,
      color: rawColor,
      quantity: line.quantity,
      ok: false,
    };
  });
  const items = mergeLines(resolvedLines).map(({ product_id, size, color_id: colorId, color, quantity, ok }) => {
    const product = products.get(product_id);
    let available = 0;
    if (product && ok) {
      const sold = product.has_sizes === 1 || product.colors.length > 0;
      available = sold ? (variantRowOf(product, colorId, size)?.stock ?? 0) : product.stock;
    }
    return {
      product_id,
      name: product?.name ?? PRODUCT_NOT_FOUND_FR,
      size,
      ...(color ? { color, ...(colorId > 0 ? { color_id: colorId } : {}) } : {}),
      requested: quantity,
      available,
      ok: available >= quantity,
    };
  });
  return { ok: items.every((i) => i.ok), items };
}
