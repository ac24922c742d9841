// Writing priced regular orders, in batches (order-batch.ts): orders arriving while a batch is
// written share the next transaction. The batch reads the stock and coupon rows of all its orders
// (locked on PostgreSQL, in the global order of order-stock.ts, so two processes' batches take
// turns instead of deadlocking), decides each order in memory (order-batch-plan.ts), then writes
// the units and uses taken (one read and one write statement on PostgreSQL: repo.lockBatchRows,
// repo.takeBatch), the accepted orders, their lines and their first status rows (one insert
// each). A refused order has written nothing. The updates keep their guards: if one finds less
// than was read, the batch fails and its orders are written again one by one.
import type { Insertable } from 'kysely';
import { todayIso } from '@shop/domain/coupon-status';
import type { Database, Executor, OrderItemTable, OrderTable } from '../../db/database.ts';
import * as catalogRepo from '../catalog/catalog.repository.ts';
import { createWriteBatcher } from './order-batch.ts';
import { planBatch, type HeldStock } from './order-batch-plan.ts';
import { lineKey, type StockLine } from './order-stock.ts';
import * as repo from './orders.repository.ts';

export interface RegularOrderDraft {
  order: Insertable<OrderTable>;
  items: Omit<Insertable<OrderItemTable>, 'order_id'>[];
  stock: StockLine[];
  couponId: number | null;
}

export type WriteOutcome =
  { kind: 'placed'; orderId: number } | { kind: 'short'; short: StockLine[] } | { kind: 'coupon-refused' };

/** The stock and coupon rows the drafts touch, read under lock. */
async function holdStock(trx: Executor, drafts: readonly RegularOrderDraft[]): Promise<HeldStock> {
  const { sizes, products, coupons } = await repo.lockBatchRows(
    trx,
    drafts.flatMap((d) => d.stock.map((line) => line.product_id)),
    drafts.flatMap((d) => (d.couponId === null ? [] : [d.couponId])),
    todayIso(),
  );
  return {
    sizes: new Map(sizes.map((row) => [lineKey(row), row.stock])),
    products: new Map(products.map((row) => [row.id, row.stock])),
    couponUsesLeft: new Map(
      coupons.map((row) => [row.id, row.max_uses === null ? Infinity : row.max_uses - row.current_uses]),
    ),
  };
}

function statusRow(orderId: number, at: string) {
  return { order_id: orderId, from_status: null, to_status: 'pending', changed_at: at };
}

/** A batch of orders in the caller's transaction; one outcome per draft. */
export async function writeRegularOrders(trx: Executor, drafts: readonly RegularOrderDraft[]): Promise<WriteOutcome[]> {
  // Stock shown by the catalogue changes. On SQLite the bump, one per batch inside its
  // transaction, comes first: as a write it takes the database's write lock, so no other process
  // changes the rows read next before this batch commits (PostgreSQL locks the rows instead and
  // bumps its sequence after the commit: writeInBatch).
  if (!catalogRepo.isPostgres(trx)) await catalogRepo.bumpCatalogVersion(trx);
  const plan = planBatch(drafts, await holdStock(trx, drafts));
  // The guards refuse only if a row changed since it was read: the batch is then written again
  // order by order (order-batch.ts).
  if (!(await repo.takeBatch(trx, plan))) throw new Error('stock or coupon uses changed under the batch');
  const accepted = drafts.filter((_, i) => plan.outcomes[i]?.kind === 'take');
  // One insert for the batch's orders; their ids come back in the order given (repo.insertOrders).
  const ids = await repo.insertOrders(
    trx,
    accepted.map((d) => d.order),
  );
  await repo.insertOrderItems(
    trx,
    accepted.flatMap((draft, i) => draft.items.map((item) => ({ ...item, order_id: ids[i] ?? 0 }))),
  );
  await repo.insertStatusHistories(
    trx,
    accepted.map((draft, i) => statusRow(ids[i] ?? 0, draft.order.created_at)),
  );
  let next = 0;
  return plan.outcomes.map((outcome) =>
    outcome.kind === 'take' ? { kind: 'placed', orderId: ids[next++] ?? 0 } : outcome,
  );
}

const batchers = new WeakMap<Database, (draft: RegularOrderDraft) => Promise<WriteOutcome>>();

/** The order joins the next batch; resolves after the commit that holds it. */
export function writeInBatch(db: Database, draft: RegularOrderDraft): Promise<WriteOutcome> {
  let write = batchers.get(db);
  if (!write) {
    write = createWriteBatcher(db, writeRegularOrders, {
      // PostgreSQL's catalogue version is a sequence, bumped once the batch is committed, so no
      // reader can cache the old stock under the new version (SQLite bumps inside the batch).
      afterCommit: async (outcomes) => {
        if (catalogRepo.isPostgres(db) && outcomes.some((o) => o.kind === 'placed')) {
          await catalogRepo.bumpCatalogVersion(db);
        }
      },
    });
    batchers.set(db, write);
  }
  return write(draft);
}
