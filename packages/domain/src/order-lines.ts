// Lines of an order counted as the shop counts them: lines of the same variant (product, colour
// and size) are one line, their quantities summed. The order's limits (how many lines, how many units of one), the
// stock check of a cart and the stock an order takes all count lines this way.

/**
 * An ordered quantity of a variant: a product, its colour's id (0 or absent for a product without
 * colours) and a size ('' for a product with one stock).
 */
export interface OrderedLine {
  product_id: number;
  color_id?: number;
  size: string;
  quantity: number;
}

/** The identity of a variant row (or of a product with one stock): product, colour and size. */
export function lineKey(line: { product_id: number; color_id?: number; size: string }): string {
  return `${line.product_id}\u0000${line.color_id ?? 0}\u0000${line.size}`;
}

/**
 * Lines of the same variant as one, their quantities summed, in the order each was first
 * seen; the first line of each gives the rest of its fields. The lines are copied, never changed.
 */
export function mergeLines<L extends OrderedLine>(lines: readonly L[]): L[] {
  const merged = new Map<string, L>();
  for (const line of lines) {
    const key = lineKey(line);
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

/** Lines sorted by product, colour, then size: the order every stock writer takes its rows in. */
export function byProductAndSize(a: OrderedLine, b: OrderedLine): number {
  if (a.product_id !== b.product_id) return a.product_id - b.product_id;
  const colors = (a.color_id ?? 0) - (b.color_id ?? 0);
  if (colors !== 0) return colors;
  return a.size < b.size ? -1 : a.size > b.size ? 1 : 0;
}
