// Where stock and coupon uses are stored, behind one seam: the decision of what an order may take
// is made once, in memory, by order-batch-plan.ts (a new order, a batch of them, a reopened order
// or a custom order's coupon are all batches to it); a StockStore only reads the rows a decision
// needs and writes what it decided. Each database has its own implementation, in its own file:
// PostgreSQL locks the rows it reads and answers each step in one statement (round trips are
// what a batch holding locks pays for); SQLite, in process, runs plain statements while the
// transaction holds the database's write lock.
import type { Executor } from '../../../db/database.ts';
import { dialectOf } from '../../../db/dialect.ts';
import { postgresStockStore } from './stock-store.postgres.ts';
import { sqliteStockStore } from './stock-store.sqlite.ts';

/**
 * The rows a decision reads: every variant row of the products (a colour, 0 for none, and a size:
 * ADR 036), the products, the coupons.
 */
export interface StockRows {
  sizes: { product_id: number; color_id: number; size: string; stock: number }[];
  /** has_sizes: 1 when sold by size (the stock is the sum of its size rows), 0 for one stock. */
  products: { id: number; stock: number; has_sizes: number }[];
  coupons: { id: number; max_uses: number | null; current_uses: number }[];
}

/** Units per variant row (colour 0 or absent for none) and per product, and uses per coupon, to take or to give back. */
export interface StockMoves {
  sizes: readonly { product_id: number; color_id?: number; size: string; quantity: number }[];
  products: readonly [productId: number, quantity: number][];
  couponUses: readonly [couponId: number, uses: number][];
}

export interface StockStore {
  /**
   * Reads the rows of these products and coupons; on PostgreSQL locks them until the transaction
   * ends, in one global order (variant rows by product, colour and size, then products, then coupons,
   * each sorted) so that
   * writers of several processes take turns instead of deadlocking. Only coupons usable on
   * `couponsUsableOn` (active, not expired) are read, or any coupon when it is null.
   */
  hold(
    trx: Executor,
    productIds: readonly number[],
    couponIds: readonly number[],
    couponsUsableOn: string | null,
  ): Promise<StockRows>;
  /**
   * Takes what was decided, every row guarded and found by (product, colour, size) (never below 0, never past max_uses); false when a
   * guard refused a row (it changed since `hold`): the caller's transaction must then fail.
   */
  take(trx: Executor, moves: StockMoves): Promise<boolean>;
  /** Gives units and coupon uses back (a cancelled order); a coupon's uses never go below 0. */
  give(trx: Executor, moves: StockMoves): Promise<void>;
}

export function stockStoreOf(db: Executor): StockStore {
  return dialectOf(db) === 'postgres' ? postgresStockStore : sqliteStockStore;
}
