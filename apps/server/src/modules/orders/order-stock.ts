// Stock moves of an order (DESIGN §3.3): guarded updates that never take more than is there.
// Rows are always locked in one global order — every size row by (product_id, size), then every
// product row by id — so concurrent orders on PostgreSQL cannot deadlock.
import type { Executor } from '../../db/database.ts';
import * as repo from './orders.repository.ts';

export interface StockLine {
  product_id: number;
  /** '' for a product without sizes. */
  size: string;
  quantity: number;
}

/** Merges lines of the same product and size, sorted by (product_id, size). */
export function mergeLines(lines: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.product_id}\u0000${line.size}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()].sort((a, b) =>
    a.product_id !== b.product_id ? a.product_id - b.product_id : a.size < b.size ? -1 : a.size > b.size ? 1 : 0,
  );
}

/** Units per product (a product row holds the total of its sizes), by product id. */
function perProduct(merged: readonly StockLine[]): [number, number][] {
  const totals = new Map<number, number>();
  for (const line of merged) totals.set(line.product_id, (totals.get(line.product_id) ?? 0) + line.quantity);
  return [...totals].sort((a, b) => a[0] - b[0]);
}

/**
 * Takes the stock of every line; returns the lines that were short. When some are short, the
 * updates that did succeed stay done: the caller rolls the transaction back or gives them back.
 */
export function takeStock(trx: Executor, lines: readonly StockLine[]): Promise<StockLine[]> {
  return takeStockOrGiveBack(trx, lines, false);
}

/**
 * Takes the stock of every line, or none of it: when a line is short, what was taken for the
 * others is given back in the same transaction. For writers that cannot roll back one order alone.
 */
export function takeAllStock(trx: Executor, lines: readonly StockLine[]): Promise<StockLine[]> {
  return takeStockOrGiveBack(trx, lines, true);
}

async function takeStockOrGiveBack(
  trx: Executor,
  lines: readonly StockLine[],
  giveBack: boolean,
): Promise<StockLine[]> {
  const merged = mergeLines(lines);
  const short: StockLine[] = [];
  const takenSizes: StockLine[] = [];
  for (const line of merged) {
    if (!line.size) continue;
    if (await repo.takeSizeStock(trx, line.product_id, line.size, line.quantity)) takenSizes.push(line);
    else short.push(line);
  }
  const takenProducts: [number, number][] = [];
  for (const [productId, quantity] of perProduct(merged)) {
    if (await repo.takeProductStock(trx, productId, quantity)) takenProducts.push([productId, quantity]);
    else for (const line of merged) if (line.product_id === productId && !short.includes(line)) short.push(line);
  }
  if (giveBack && short.length > 0) {
    for (const line of takenSizes) await repo.giveSizeStock(trx, line.product_id, line.size, line.quantity);
    for (const [productId, quantity] of takenProducts) await repo.giveProductStock(trx, productId, quantity);
  }
  return short;
}

/** Gives the stock of every line back (a cancelled order). */
export async function giveStock(trx: Executor, lines: readonly StockLine[]): Promise<void> {
  const merged = mergeLines(lines);
  for (const line of merged) if (line.size) await repo.giveSizeStock(trx, line.product_id, line.size, line.quantity);
  for (const [productId, quantity] of perProduct(merged)) await repo.giveProductStock(trx, productId, quantity);
}
