// Writing priced regular orders, in batches (order-batch.ts): orders arriving while a batch is
// written share the next transaction. The batch reads the stock and coupon rows of all its orders
// (locked on PostgreSQL: stock-store.ts), decides each order in memory (order-batch-plan.ts),
// then writes the units and uses taken (StockStore.take), the accepted orders, their lines and
// their first status rows (one insert each). A refused order has written nothing. The takes keep
// their guards: if one finds less than was read, the batch fails and its orders are written
// again one by one.
import type { Insertable } from 'kysely';
import { todayIso } from '@shop/domain/coupon-status';
import type { Database, Executor, OrderItemTable, OrderTable } from '../../../db/database.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { productTag, recordCatalogChange, takeWriteLock, type CatalogTag } from '../../../db/catalog-changes.ts';
import { recordPlacedOrders, type OrderAttributionInput } from '../../marketing/ad-events.service.ts';
import { createWriteBatcher } from './order-batch.ts';
import type { KnownKey, OrderKey } from './order-keys.ts';
import { planBatch } from '../stock/order-batch-plan.ts';
import { heldStock, type StockLine } from '../stock/order-stock.ts';
import { stockStoreOf } from '../stock/stock-store.ts';
import * as repo from '../orders.repository.ts';
import { convertDrafts } from '../../leads/draft-conversion.service.ts';

export interface RegularOrderDraft {
  order: Insertable<OrderTable>;
  items: Omit<Insertable<OrderItemTable>, 'order_id'>[];
  stock: StockLine[];
  couponId: number | null;
  /** False when the order is held (a blacklisted phone): its units are checked, taken on release. */
  reserve: boolean;
  /** The request's Idempotency-Key (order-keys.ts), kept with the order when it is placed. */
  key?: OrderKey | undefined;
  /** Where the customer came from, kept beside the order for the ad platforms (modules/marketing). */
  attribution?: OrderAttributionInput | undefined;
  /** The checkout draft this order comes from (modules/leads), marked converted with it. */
  checkoutDraft?: { key: string; by: 'customer' | 'desk' } | undefined;
}

export type WriteOutcome =
  | { kind: 'placed'; orderId: number; products: number[] }
  /** Its key placed an order before (a retry): the caller answers with that order. */
  | { kind: 'known'; known: KnownKey }
  | { kind: 'short'; short: StockLine[] }
  | { kind: 'coupon-refused' };

/** What a batch's placed orders changed in the catalogue: their products' stock, the dashboard. */
function changesOf(outcomes: readonly WriteOutcome[]): CatalogTag[] {
  const placed = outcomes.flatMap((o) => (o.kind === 'placed' ? [o] : []));
  if (placed.length === 0) return [];
  return [...new Set(placed.flatMap((o) => o.products))].map(productTag).concat('orders');
}

function statusRow(orderId: number, at: string) {
  return { order_id: orderId, from_status: null, to_status: 'pending', changed_at: at };
}

/** The i-th of `values`, which must be there (the ids of the rows just inserted, one per order). */
function nth<T>(values: readonly T[], i: number): T {
  const value = values[i];
  if (value === undefined) throw new Error(`expected a value at ${i} of ${values.length}`);
  return value;
}

/**
 * A batch of orders in the caller's transaction; one outcome per draft. A draft whose key placed
 * an order already, or whose key an earlier draft of the batch carries, is not written again.
 */
export async function writeRegularOrders(trx: Executor, drafts: readonly RegularOrderDraft[]): Promise<WriteOutcome[]> {
  // On SQLite a write comes first: it takes the database's write lock, so no other connection
  // changes the rows read next before this batch commits (PostgreSQL locks the rows instead).
  if (!isPostgres(trx)) await takeWriteLock(trx);
  const keys = drafts.flatMap((draft) => (draft.key ? [draft.key.key] : []));
  const known = new Map((await repo.findOrderKeys(trx, keys)).map((row) => [row.key, row]));
  // Each key is written once: by the first draft of the batch carrying it; a copy follows it.
  const firstWith = new Map<string, { draft: RegularOrderDraft; fingerprint: string }>();
  const fresh = drafts.filter((draft) => {
    if (!draft.key) return true;
    if (known.has(draft.key.key) || firstWith.has(draft.key.key)) return false;
    firstWith.set(draft.key.key, { draft, fingerprint: draft.key.fingerprint });
    return true;
  });
  const outcomes = await writeNewOrders(trx, fresh);
  const outcomeOf = (draft: RegularOrderDraft) => nth(outcomes, fresh.indexOf(draft));
  return drafts.map((draft): WriteOutcome => {
    if (!draft.key) return outcomeOf(draft);
    const placedBefore = known.get(draft.key.key);
    if (placedBefore) return { kind: 'known', known: placedBefore };
    const first = firstWith.get(draft.key.key);
    if (!first) throw new Error('every keyed draft has a first draft with its key');
    const outcome = outcomeOf(first.draft);
    if (first.draft === draft || outcome.kind !== 'placed') return outcome;
    return { kind: 'known', known: { fingerprint: first.fingerprint, order_id: outcome.orderId } };
  });
}

async function writeNewOrders(trx: Executor, drafts: readonly RegularOrderDraft[]): Promise<WriteOutcome[]> {
  if (drafts.length === 0) return [];
  const store = stockStoreOf(trx);
  const rows = await store.hold(
    trx,
    drafts.flatMap((d) => d.stock.map((line) => line.product_id)),
    drafts.flatMap((d) => (d.couponId === null ? [] : [d.couponId])),
    todayIso(),
  );
  const plan = planBatch(drafts, heldStock(rows));
  // The guards refuse only if a row changed since it was read: the batch is then written again
  // order by order (order-batch.ts).
  if (!(await store.take(trx, plan))) throw new Error('stock or coupon uses changed under the batch');
  const accepted = drafts.filter((_, i) => plan.outcomes[i]?.kind === 'take');
  // Two orders of one phone in one batch: the later is a possible duplicate too.
  const phones = new Set<string>();
  for (const draft of accepted) {
    if (phones.has(draft.order.customer_phone)) draft.order.possible_duplicate = 1;
    phones.add(draft.order.customer_phone);
  }
  // One insert for the batch's orders; their ids come back in the order given (repo.insertOrders).
  const ids = await repo.insertOrders(
    trx,
    accepted.map((d) => d.order),
  );
  await repo.insertOrderItems(
    trx,
    accepted.flatMap((draft, i) => draft.items.map((item) => ({ ...item, order_id: nth(ids, i) }))),
  );
  await repo.insertStatusHistories(
    trx,
    accepted.map((draft, i) => statusRow(nth(ids, i), draft.order.created_at)),
  );
  await repo.insertOrderKeys(
    trx,
    accepted.flatMap((draft, i) =>
      draft.key ? [{ key: draft.key, orderId: nth(ids, i), at: draft.order.created_at }] : [],
    ),
  );
  await recordPlacedOrders(
    trx,
    accepted.map((draft, i) => ({ orderId: nth(ids, i), input: draft.attribution })),
    new Date().toISOString(),
  );
  await convertDrafts(
    trx,
    accepted.flatMap((draft, i) =>
      draft.checkoutDraft ? [{ ...draft.checkoutDraft, orderId: nth(ids, i), at: draft.order.created_at }] : [],
    ),
  );
  let next = 0;
  const outcomes = plan.outcomes.map((outcome, i): WriteOutcome => {
    if (outcome.kind !== 'take') return outcome;
    const products = [...new Set(drafts[i]?.stock.map((line) => line.product_id) ?? [])];
    return { kind: 'placed', orderId: nth(ids, next++), products };
  });
  // What the catalogue shows changed: inside the transaction on SQLite; after the commit on
  // PostgreSQL (createOrderWriter), so no process reads the change before the rows.
  const changes = changesOf(outcomes);
  if (!isPostgres(trx) && changes.length > 0) await recordCatalogChange(trx, changes);
  return outcomes;
}

/** Writes an order in the next batch; resolves after the commit that holds it. */
export type OrderWriter = (draft: RegularOrderDraft) => Promise<WriteOutcome>;

/** The order writer of a database: one per app (order-placing.ts, app.orderPlacing.write). */
export function createOrderWriter(db: Database): OrderWriter {
  return createWriteBatcher(db, writeRegularOrders, {
    // PostgreSQL's change is numbered by a sequence, taken once the batch is committed, so no
    // reader can see the change before the new stock (SQLite records it inside the batch).
    afterCommit: async (outcomes) => {
      const changes = changesOf(outcomes);
      if (isPostgres(db) && changes.length > 0) await recordCatalogChange(db, changes);
    },
  });
}
