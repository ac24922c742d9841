// Deciding a batch of orders at once (order-writes.ts): with the stock and coupon rows of the whole
// batch read (and, on PostgreSQL, locked) first, each order is taken or refused here in memory,
// in arrival order, by the same rules as the guarded updates of one order (DESIGN §3.3-3.4): an
// order is taken only if every line fits what is left and its coupon has a use left, all or
// nothing. The batch then writes its totals in one statement per table instead of one to three
// statements per order, which on PostgreSQL were as many round trips while the batch held its
// locks (bench profile).
import { byProductAndSize, lineKey, mergeLines, type OrderedLine } from '@shop/domain/order-lines';

/** A line as the stock counts it (size '' for a product without sizes). */
export type StockLine = OrderedLine;

/** Lines merged per size row, sorted by (product_id, size): the order the rows are locked in. */
export function mergedStock(lines: readonly StockLine[]): StockLine[] {
  return mergeLines(lines).sort(byProductAndSize);
}

/** Units per product (a product row holds the total of its sizes), by product id. */
export function perProduct(merged: readonly StockLine[]): [number, number][] {
  const totals = new Map<number, number>();
  for (const line of merged) totals.set(line.product_id, (totals.get(line.product_id) ?? 0) + line.quantity);
  return [...totals].sort((a, b) => a[0] - b[0]);
}

export interface BatchOrder {
  stock: readonly StockLine[];
  couponId: number | null;
  /**
   * False for an order that must find its units but not take them yet (held for a blacklisted
   * phone: it takes them when released).
   */
  reserve?: boolean;
}

/** What the batch found: units per size row (lineKey), per product, and uses left per usable coupon. */
export interface HeldStock {
  sizes: Map<string, number>;
  products: Map<number, number>;
  /** Only usable coupons (active, not expired); Infinity when uses are unlimited. */
  couponUsesLeft: Map<number, number>;
}

export type PlannedOutcome =
  | { kind: 'take' }
  /** needsSize: the lines name no size of a product sold by size since (takeOne). */
  | { kind: 'short'; short: StockLine[]; needsSize?: true }
  | { kind: 'coupon-refused' };

export interface BatchPlan {
  outcomes: PlannedOutcome[];
  /** Units to take per size row and per product, and uses to count per coupon, for the taken orders. */
  sizes: StockLine[];
  products: [productId: number, quantity: number][];
  couponUses: [couponId: number, uses: number][];
}

/** Lines of `merged` that do not fit `held`: short size rows, then every line of a short product. */
function shortLines(merged: readonly StockLine[], held: HeldStock): StockLine[] {
  const short = merged.filter((line) => line.size && (held.sizes.get(lineKey(line)) ?? 0) < line.quantity);
  for (const [productId, quantity] of perProduct(merged)) {
    if ((held.products.get(productId) ?? 0) >= quantity) continue;
    for (const line of merged) if (line.product_id === productId && !short.includes(line)) short.push(line);
  }
  return short;
}

/** Decides each order in turn against `held`, which it updates as orders are taken. */
export function planBatch(orders: readonly BatchOrder[], held: HeldStock): BatchPlan {
  const takenSizes = new Map<string, StockLine>();
  const takenProducts = new Map<number, number>();
  const couponUses = new Map<number, number>();
  const outcomes = orders.map((order): PlannedOutcome => {
    const merged = mergedStock(order.stock);
    const short = shortLines(merged, held);
    if (short.length > 0) return { kind: 'short', short };
    if (order.couponId !== null && !((held.couponUsesLeft.get(order.couponId) ?? 0) > 0)) {
      return { kind: 'coupon-refused' };
    }
    const reserving = order.reserve === false ? [] : merged;
    for (const line of reserving) {
      if (!line.size) continue;
      const key = lineKey(line);
      held.sizes.set(key, (held.sizes.get(key) ?? 0) - line.quantity);
      const taken = takenSizes.get(key);
      if (taken) taken.quantity += line.quantity;
      else takenSizes.set(key, { ...line });
    }
    for (const [productId, quantity] of perProduct(reserving)) {
      held.products.set(productId, (held.products.get(productId) ?? 0) - quantity);
      takenProducts.set(productId, (takenProducts.get(productId) ?? 0) + quantity);
    }
    if (order.couponId !== null) {
      held.couponUsesLeft.set(order.couponId, (held.couponUsesLeft.get(order.couponId) ?? 0) - 1);
      couponUses.set(order.couponId, (couponUses.get(order.couponId) ?? 0) + 1);
    }
    return { kind: 'take' };
  });
  return {
    outcomes,
    sizes: mergedStock([...takenSizes.values()]),
    products: [...takenProducts].sort((a, b) => a[0] - b[0]),
    couponUses: [...couponUses].sort((a, b) => a[0] - b[0]),
  };
}
