// The stock and coupon use of orders: lines merged per variant row (product, colour, size), and the moves of one order
// (DESIGN §3.3-3.4). What an order may take is decided by planBatch (order-batch-plan.ts) only:
// a reopened order or a custom order's coupon use is a batch of one, decided against the rows
// the store read (and, on PostgreSQL, locked: stock-store.ts), then taken with guards.
import { lineKey } from '@shop/domain/order-lines';
import type { Executor } from '../../../db/database.ts';
import {
  mergedStock,
  perProduct,
  planBatch,
  type BatchOrder,
  type HeldStock,
  type PlannedOutcome,
  type StockLine,
} from './order-batch-plan.ts';

export type { StockLine };
import { stockStoreOf, type StockMoves, type StockRows } from './stock-store.ts';

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

/** What one order holds: its variant rows (sized lines only), its products' totals, its coupon use. */
export function movesOf(order: BatchOrder): StockMoves {
  const merged = mergedStock(order.stock);
  return {
    sizes: merged.filter((line) => line.size),
    products: perProduct(merged),
    couponUses: order.couponId === null ? [] : [[order.couponId, 1]],
  };
}

/**
 * An order's lines as their products are now: a product may have switched between sold by size
 * and one stock since the order was placed. A line of a product now sold with one stock moves
 * that stock, whatever size it names; a line without a size of a product now sold by size has no
 * row to move (`sizeless`); lines of products deleted since are `gone`.
 */
export function fitToProducts(
  lines: readonly StockLine[],
  rows: StockRows,
): { fitted: StockLine[]; sizeless: StockLine[]; gone: StockLine[] } {
  const sized = new Map(rows.products.map((row) => [row.id, row.has_sizes === 1]));
  const fitted: StockLine[] = [];
  const sizeless: StockLine[] = [];
  const gone: StockLine[] = [];
  for (const line of lines) {
    const bySize = sized.get(line.product_id);
    if (bySize === undefined) gone.push(line);
    else if (!bySize) fitted.push({ ...line, color_id: 0, size: '' });
    else if (line.size) fitted.push(line);
    else sizeless.push(line);
  }
  return { fitted, sizeless, gone };
}

/**
 * Takes one order's stock and coupon use, decided as a batch of one, against its products as they
 * are now (fitToProducts): a line without a size of a product sold by size since is short
 * (`needsSize`). `couponsUsableOn` is the day the coupon must be usable on, or null for any day (a
 * reopened order keeps its code, which may have expired since). Lines of products deleted since
 * are skipped when `skipDeleted`.
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
  const { fitted, sizeless, gone } = fitToProducts(order.stock, rows);
  if (sizeless.length > 0) return { kind: 'short', short: sizeless, needsSize: true };
  const wanted = { ...order, stock: skipDeleted ? fitted : [...fitted, ...gone] };
  const plan = planBatch([wanted], heldStock(rows));
  const outcome = plan.outcomes[0];
  if (!outcome) throw new Error('a plan of one order has one outcome');
  if (outcome.kind !== 'take') return outcome;
  if (!(await store.take(trx, plan))) throw new Error('stock or coupon uses changed under a held order');
  return outcome;
}

/**
 * Locks the stock rows of these products (PostgreSQL), in the global order every stock writer
 * follows (stock-store.ts): a change that gives some products' units back and takes others' (a
 * correction of an order's lines) locks them all first, so it cannot deadlock with customers'
 * orders taking the same rows in that order.
 */
export async function lockStockRows(trx: Executor, productIds: readonly number[]): Promise<void> {
  await stockStoreOf(trx).hold(trx, productIds, [], null);
}

/**
 * Gives one order's stock and coupon use back (a cancelled order) to its products as they are now
 * (fitToProducts), its rows read (and, on PostgreSQL, locked) first in the global lock order.
 * Answers the lines whose units have no row to go back to: without a size, of a product sold by
 * size since (`sizeless`), or of a variant the product no longer has (`noRow`: its colour removed,
 * its size no longer sold); the caller tells the owner.
 */
export async function giveBack(
  trx: Executor,
  order: BatchOrder,
): Promise<{ sizeless: StockLine[]; noRow: StockLine[] }> {
  const store = stockStoreOf(trx);
  if (order.stock.length === 0) {
    await store.give(trx, movesOf(order));
    return { sizeless: [], noRow: [] };
  }
  const rows = await store.hold(
    trx,
    order.stock.map((line) => line.product_id),
    [],
    null,
  );
  const { fitted, sizeless } = fitToProducts(order.stock, rows);
  // A variant row gone since the order (its colour removed, its size no longer in the scale):
  // its units have no row to go back to, nor to the product's total (the sum of its rows).
  const held = new Set(rows.sizes.map((row) => lineKey(row)));
  const kept = fitted.filter((line) => !line.size || held.has(lineKey(line)));
  const noRow = fitted.filter((line) => line.size && !held.has(lineKey(line)));
  await store.give(trx, movesOf({ ...order, stock: kept }));
  return { sizeless, noRow };
}
