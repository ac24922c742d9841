// Stock moves of one order (DESIGN §3.3): guarded updates that never take more than is there,
// for an order cancelled or reopened by the admin (new orders are decided by the batch:
// order-batch-plan.ts). Rows are always locked in one global order — every size row by
// (product_id, size), then every product row by id, then coupons — here and in the batch, so
// concurrent writers on PostgreSQL cannot deadlock.
import type { Executor } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

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

/**
 * Takes the stock of every line; returns the lines that were short. When some are short, the
 * updates that did succeed stay done: the caller rolls the transaction back.
 */
export async function takeStock(trx: Executor, lines: readonly StockLine[]): Promise<StockLine[]> {
  const merged = mergeLines(lines);
  const short: StockLine[] = [];
  for (const line of merged) {
    if (line.size && !(await repo.takeSizeStock(trx, line.product_id, line.size, line.quantity))) short.push(line);
  }
  for (const [productId, quantity] of perProduct(merged)) {
    if (await repo.takeProductStock(trx, productId, quantity)) continue;
    for (const line of merged) if (line.product_id === productId && !short.includes(line)) short.push(line);
  }
  return short;
}

/** Gives the stock of every line back (a cancelled order). */
export async function giveStock(trx: Executor, lines: readonly StockLine[]): Promise<void> {
  const merged = mergeLines(lines);
  for (const line of merged) if (line.size) await repo.giveSizeStock(trx, line.product_id, line.size, line.quantity);
  for (const [productId, quantity] of perProduct(merged)) await repo.giveProductStock(trx, productId, quantity);
}
