// Writing priced regular orders, in batches (order-batch.ts): orders arriving while a batch is
// written share the next transaction. Each order's stock and coupon use are taken with guarded
// updates (DESIGN §3.3), all or nothing, so a refused order has written nothing and needs no
// rollback; the accepted orders, their lines and their first status rows are then one insert
// each. On PostgreSQL the rows of one order are locked in a global order (order-stock.ts), but a
// batch holds the locks of all its orders until its commit: two processes' batches can deadlock,
// PostgreSQL then aborts one, and its orders are written again one by one (order-batch.ts).
import type { Insertable } from 'kysely';
import { todayIso } from '@shop/domain/coupon-status';
import type { Database, Executor, OrderItemTable, OrderTable } from '../../db/database.ts';
import * as catalogRepo from '../catalog/catalog.repository.ts';
import * as couponsRepo from '../coupons/coupons.repository.ts';
import { createWriteBatcher } from './order-batch.ts';
import { giveStock, takeAllStock, type StockLine } from './order-stock.ts';
import * as repo from './orders.repository.ts';

export interface RegularOrderDraft {
  order: Insertable<OrderTable>;
  items: Omit<Insertable<OrderItemTable>, 'order_id'>[];
  stock: StockLine[];
  couponId: number | null;
}

export type WriteOutcome =
  { kind: 'placed'; orderId: number } | { kind: 'short'; short: StockLine[] } | { kind: 'coupon-refused' };

async function countCouponUse(trx: Executor, couponId: number | null): Promise<boolean> {
  return couponId === null || couponsRepo.countCouponUse(trx, couponId, todayIso());
}

function statusRow(orderId: number, at: string) {
  return { order_id: orderId, from_status: null, to_status: 'pending', changed_at: at };
}

/** A batch of orders in the caller's transaction; one outcome per draft. */
export async function writeRegularOrders(trx: Executor, drafts: readonly RegularOrderDraft[]): Promise<WriteOutcome[]> {
  const outcomes: (WriteOutcome | 'accepted')[] = [];
  const accepted: RegularOrderDraft[] = [];
  for (const draft of drafts) {
    const short = await takeAllStock(trx, draft.stock);
    if (short.length > 0) {
      outcomes.push({ kind: 'short', short });
    } else if (!(await countCouponUse(trx, draft.couponId))) {
      await giveStock(trx, draft.stock);
      outcomes.push({ kind: 'coupon-refused' });
    } else {
      outcomes.push('accepted');
      accepted.push(draft);
    }
  }
  if (accepted.length === 0) return outcomes as WriteOutcome[];
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
  // Stock shown by the catalogue changed; on SQLite one bump for the batch, inside its
  // transaction (PostgreSQL bumps its sequence after the commit: writeInBatch).
  if (!catalogRepo.isPostgres(trx)) await catalogRepo.bumpCatalogVersion(trx);
  let next = 0;
  return outcomes.map((outcome) => (outcome === 'accepted' ? { kind: 'placed', orderId: ids[next++] ?? 0 } : outcome));
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
