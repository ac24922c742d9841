// Writing priced regular orders, in batches (order-batch.ts): orders arriving while a batch is
// written share the next transaction. The batch reads the stock and coupon rows of all its orders
// (locked on PostgreSQL: stock-store.ts), decides each order in memory (order-batch-plan.ts),
// then writes the units and uses taken (StockStore.take), the accepted orders, their lines and
// their first status rows (one insert each). A refused order has written nothing. The takes keep
// their guards: if one finds less than was read, the batch fails and its orders are written
// again one by one.
import type { Insertable } from 'kysely';
import { todayIso } from '@shop/domain/coupon-status';
import type { Database, Executor, OrderItemTable, OrderTable } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import * as catalogRepo from '../catalog/catalog.repository.ts';
import { productTag, type CatalogTag } from '../catalog/catalog.repository.ts';
import { createWriteBatcher } from './order-batch.ts';
import { findOrderKeys, insertOrderKeys, type OrderKey } from './order-keys.ts';
import { planBatch } from './order-batch-plan.ts';
import { heldStock, type StockLine } from './order-stock.ts';
import { stockStoreOf } from './stock-store.ts';
import * as repo from './orders.repository.ts';

export interface RegularOrderDraft {
  order: Insertable<OrderTable>;
  items: Omit<Insertable<OrderItemTable>, 'order_id'>[];
  stock: StockLine[];
  couponId: number | null;
  /** The request's Idempotency-Key (order-keys.ts), kept with the order when it is placed. */
  key?: OrderKey | undefined;
}

export type WriteOutcome =
  | { kind: 'placed'; orderId: number; products: number[] }
  /** Its key placed an order before (a retry): the caller answers with that order. */
  | { kind: 'known'; known: { fingerprint: string; order_id: number } }
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
  if (!isPostgres(trx)) await catalogRepo.takeWriteLock(trx);
  const known = new Map(
    (
      await findOrderKeys(
        trx,
        drafts.flatMap((d) => (d.key ? [d.key.key] : [])),
      )
    ).map((row) => [row.key, row]),
  );
  // The first draft of the batch with a key is written; a later one with the same key follows it.
  const first = new Map<string, number>();
  const copyOf = drafts.map((draft, i) => {
    if (!draft.key || known.has(draft.key.key)) return undefined;
    const earlier = first.get(draft.key.key);
    if (earlier === undefined) first.set(draft.key.key, i);
    return earlier;
  });
  const fresh = drafts.flatMap((draft, i) =>
    (draft.key && known.has(draft.key.key)) || copyOf[i] !== undefined ? [] : [i],
  );
  const written = await writeNewOrders(
    trx,
    fresh.map((i) => drafts[i] as RegularOrderDraft),
  );
  const outcomes: WriteOutcome[] = [];
  drafts.forEach((draft, i) => {
    const knownRow = draft.key && known.get(draft.key.key);
    const copied = copyOf[i];
    if (knownRow) outcomes.push({ kind: 'known', known: knownRow });
    else if (copied === undefined) outcomes.push(written[fresh.indexOf(i)] as WriteOutcome);
    else {
      const original = outcomes[copied] as WriteOutcome;
      const fingerprint = drafts[copied]?.key?.fingerprint ?? '';
      outcomes.push(
        original.kind === 'placed' ? { kind: 'known', known: { fingerprint, order_id: original.orderId } } : original,
      );
    }
  });
  return outcomes;
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
  await insertOrderKeys(
    trx,
    accepted.flatMap((draft, i) =>
      draft.key ? [{ key: draft.key, orderId: nth(ids, i), at: draft.order.created_at }] : [],
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
  if (!isPostgres(trx) && changes.length > 0) await catalogRepo.bumpCatalogVersion(trx, changes);
  return outcomes;
}

/** Writes an order in the next batch; resolves after the commit that holds it. */
export type OrderWriter = (draft: RegularOrderDraft) => Promise<WriteOutcome>;

/** The order writer of a database: one per app (buildApp decorates it as app.orderWriter). */
export function createOrderWriter(db: Database): OrderWriter {
  return createWriteBatcher(db, writeRegularOrders, {
    // PostgreSQL's change is numbered by a sequence, taken once the batch is committed, so no
    // reader can see the change before the new stock (SQLite records it inside the batch).
    afterCommit: async (outcomes) => {
      const changes = changesOf(outcomes);
      if (isPostgres(db) && changes.length > 0) await catalogRepo.bumpCatalogVersion(db, changes);
    },
  });
}
