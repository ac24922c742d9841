// Writing a priced regular order: its stock taken and its coupon use counted with guarded
// updates (DESIGN §3.3), then the order, its lines and its first status row. Two strategies:
// - PostgreSQL: one transaction per order; the rows other orders contend for (stock, coupon) are
//   updated last, just before the commit, so their locks are held as briefly as possible, and a
//   refusal rolls everything back.
// - SQLite (one writer): orders are written in batches sharing one transaction (order-batch.ts).
//   Stock and coupon go first, all or nothing per order, so a refused order has written nothing
//   and needs no rollback; the lines and status rows of the whole batch are one insert each.
import type { Insertable } from 'kysely';
import { todayIso } from '@shop/domain/coupon-status';
import type { Database, Executor, OrderItemTable, OrderTable } from '../../db/database.ts';
import * as catalogRepo from '../catalog/catalog.repository.ts';
import * as couponsRepo from '../coupons/coupons.repository.ts';
import { createWriteBatcher } from './order-batch.ts';
import { giveStock, takeAllStock, takeStock, type StockLine } from './order-stock.ts';
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

/** Thrown inside a PostgreSQL transaction to roll it back with the outcome to answer. */
class Refusal extends Error {
  readonly outcome: WriteOutcome;
  constructor(outcome: WriteOutcome) {
    super(outcome.kind);
    this.outcome = outcome;
  }
}

/** PostgreSQL: the order in its own transaction, contended rows last. */
export async function writeRegularOrder(db: Database, draft: RegularOrderDraft): Promise<WriteOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const orderId = await repo.insertOrder(trx, draft.order);
      await repo.insertOrderItems(
        trx,
        draft.items.map((item) => ({ ...item, order_id: orderId })),
      );
      await repo.insertStatusHistories(trx, [statusRow(orderId, draft.order.created_at)]);
      const short = await takeStock(trx, draft.stock);
      if (short.length > 0) throw new Refusal({ kind: 'short', short });
      if (!(await countCouponUse(trx, draft.couponId))) throw new Refusal({ kind: 'coupon-refused' });
      return { kind: 'placed', orderId } as const;
    });
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}

/** SQLite: a batch of orders in the caller's transaction; one outcome per draft. */
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
  // One insert for the batch's orders: SQLite numbers the rows of one insert in the order given.
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
  // Stock shown by the catalogue changed; one bump for the batch, inside its transaction.
  await catalogRepo.bumpCatalogVersion(trx);
  let next = 0;
  return outcomes.map((outcome) => (outcome === 'accepted' ? { kind: 'placed', orderId: ids[next++] ?? 0 } : outcome));
}

const batchers = new WeakMap<Database, (draft: RegularOrderDraft) => Promise<WriteOutcome>>();

/** SQLite: the order joins the next batch; resolves after the commit that holds it. */
export function writeInBatch(db: Database, draft: RegularOrderDraft): Promise<WriteOutcome> {
  let write = batchers.get(db);
  if (!write) {
    write = createWriteBatcher(db, writeRegularOrders);
    batchers.set(db, write);
  }
  return write(draft);
}
