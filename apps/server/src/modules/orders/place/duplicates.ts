// Which orders a possible duplicate is about, named on both: a second open order from one phone
// within DUPLICATE_WINDOW_HOURS is flagged when placed (possible_duplicate); the owner needs to
// know which order it doubles, and the first order to know that a second one came.
import { DUPLICATE_WINDOW_HOURS } from '@shop/domain/order-status';
import type { Executor, OrderRow } from '../../../db/database.ts';
import * as repo from '../orders.repository.ts';

const WINDOW_MS = DUPLICATE_WINDOW_HOURS * 3_600_000;

type Row = Pick<OrderRow, 'id' | 'customer_phone' | 'created_at' | 'possible_duplicate'>;

/**
 * For each order of `rows` whose phone has other orders (`phones`), the orders of that phone
 * placed within the window of it where the later of the two was flagged, by id. One query over
 * the phone index (orders_phone_created), and none when no phone of the page has another order.
 */
export async function duplicatesOf(
  db: Executor,
  rows: readonly Row[],
  phones: ReadonlySet<string>,
): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  const candidates = rows.filter((r) => phones.has(r.customer_phone));
  if (candidates.length === 0) return found;
  const times = candidates.map((r) => Date.parse(r.created_at));
  const others = await repo.findOrdersOfPhonesBetween(
    db,
    [...new Set(candidates.map((r) => r.customer_phone))],
    new Date(Math.min(...times) - WINDOW_MS).toISOString(),
    new Date(Math.max(...times) + WINDOW_MS).toISOString(),
  );
  for (const row of candidates) {
    const at = Date.parse(row.created_at);
    const twins = others
      .filter((other) => other.customer_phone === row.customer_phone && other.id !== row.id)
      .filter((other) => {
        const otherAt = Date.parse(other.created_at);
        if (Math.abs(otherAt - at) > WINDOW_MS) return false;
        const later = otherAt > at || (otherAt === at && other.id > row.id) ? other : row;
        return later.possible_duplicate === 1;
      })
      .map((other) => other.id)
      .sort((a, b) => a - b);
    if (twins.length > 0) found.set(row.id, twins);
  }
  return found;
}

/** What a new order from `phone` is flagged with (DUPLICATE_WINDOW_HOURS for duplicates). */
export function duplicateWindowStart(now = Date.now()): string {
  return new Date(now - DUPLICATE_WINDOW_HOURS * 3_600_000).toISOString();
}
