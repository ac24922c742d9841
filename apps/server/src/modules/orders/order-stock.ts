// The stock and coupon use of orders: lines merged per size row, and the moves of one order
// (DESIGN §3.3-3.4). What an order may take is decided by planBatch (order-batch-plan.ts) only:
// a reopened order or a custom order's coupon use is a batch of one, decided against the rows
// the store read (and, on PostgreSQL, locked: stock-store.ts), then taken with guards.
import type { Executor } from '../../db/database.ts';
import { planBatch, type BatchOrder, type HeldStock, type PlannedOutcome } from './order-batch-plan.ts';
import { stockStoreOf, type StockMoves, type StockRows } from './stock-store.ts';

export interface StockLine {
  product_id: number;
  /** '' for a product without sizes. */
  size: string;
  quantity: number;
}

/** The identity of a size row (or of a product without sizes): product id and size. */
export function lineKey(line: { product_id: number; size: string }): string {
  return `${line.product_id}\u0000${line.size}`;
}

/** Merges lines of the same product and size, sorted by (product_id, size). */
export function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = lineKey(line);
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()].sort((a, b) =>
    a.product_id !== b.product_id ? a.product_id - b.product_id : a.size < b.size ? -1 : a.size > b.size ? 1 : 0,
  );
}

/** Units per product (a product row holds the total of its sizes), by product id. */
export function perProduct(merged: readonly StockLine[]): [number, number][] {
  const totals = new Map<number, number>();
  for (const line of merged) totals.set(line.product_id, (totals.get(line.product_id) ?? 0) + line.quantity);
  return [...totals].sort((a, b) => a[0] - b[0]);
}

/** The rows read, as the plan counts them. */
export function heldStock(rows: StockRows): HeldStock {
  return {
    sizes: new Map(rows.sizes.map((row) => [lineKey(row), row.stock])),
    products: new Map(rows.products.map((row) => [row.id, row.stock])),
    couponUsesLeft: new Map(
      rows.coupons.map((row) => [row.id, row.max_uses === null ? Infinity : row.max_uses - row.current_uses]),
    ),
  };
}

/** What one order holds: its size rows (sized lines only), its products' totals, its coupon use. */
export function movesOf(order: BatchOrder): StockMoves {
  const merged = mergeLines(order.stock);
  return {
    sizes: merged.filter((line) => line.size),
    products: perProduct(merged),
    couponUses: order.couponId === null ? [] : [[order.couponId, 1]],
  };
}

/**
 * Takes one order's stock and coupon use, decided as a batch of one. `couponsUsableOn` is the
 * day the coupon must be usable on, or null for any day (a reopened order keeps its code, which
 * may have expired since). Lines of products deleted since are skipped when `skipDeleted`.
 */
export async function takeOne(
  trx: Executor,
  order: BatchOrder,
  { couponsUsableOn, skipDeleted = false }: { couponsUsableOn: string | null; skipDeleted?: boolean },
): Promise<PlannedOutcome> {
  const store = stockStoreOf(trx);
  const rows = await store.hold(
    trx,
    order.stock.map((line) => line.product_id),
    order.couponId === null ? [] : [order.couponId],
    couponsUsableOn,
  );
  const existing = new Set(rows.products.map((row) => row.id));
  const wanted = skipDeleted ? { ...order, stock: order.stock.filter((l) => existing.has(l.product_id)) } : order;
  const plan = planBatch([wanted], heldStock(rows));
  const outcome = plan.outcomes[0];
  if (!outcome) throw new Error('a plan of one order has one outcome');
  if (outcome.kind !== 'take') return outcome;
  if (!(await store.take(trx, plan))) throw new Error('stock or coupon uses changed under a held order');
  return outcome;
}

/**
 * Replaces an order's units (a correction of its lines): the rows of both the old and the new
 * lines are locked first, in the global order every stock writer follows (stock-store.ts), so
 * that giving the old ones back and taking the new ones cannot deadlock with customers' orders.
 */
export async function exchangeStock(
  trx: Executor,
  was: readonly StockLine[],
  wanted: readonly StockLine[],
): Promise<PlannedOutcome> {
  await stockStoreOf(trx).hold(
    trx,
    [...was, ...wanted].map((line) => line.product_id),
    [],
    null,
  );
  await giveBack(trx, { stock: was, couponId: null });
  return takeOne(trx, { stock: wanted, couponId: null }, { couponsUsableOn: null });
}

/** Gives one order's stock and coupon use back (a cancelled order). */
export function giveBack(trx: Executor, order: BatchOrder): Promise<void> {
  return stockStoreOf(trx).give(trx, movesOf(order));
}
