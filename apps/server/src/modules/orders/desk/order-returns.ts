// After the parcel left: a returned parcel back in the shop, and what a courier said checked.
import type { Order } from '@shop/domain/order-responses';
import type { Database } from '../../../db/database.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { conflict } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import * as desk from './order-desk.repository.ts';
import { getOrder } from './order-queries.ts';
import { lockOrder, moveHoldings, ordersChanged, positionOf } from './order-status.ts';

/** A returned parcel is back: its stock is given back, once (holdings). */
export async function markReturnReceived(db: Database, id: number, author: string): Promise<Order> {
  const moved = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    if (row.status !== 'returned' || row.return_received_at !== null) throw conflict(ORDER_MESSAGES.notReturned);
    const now = new Date().toISOString();
    const from = positionOf(row);
    // Receiving only gives back (nothing is taken): the refusals cannot happen.
    const products = await moveHoldings(
      trx,
      row,
      from,
      { ...from, returnReceived: true },
      { short: ORDER_MESSAGES.notReturned, coupon: ORDER_MESSAGES.notReturned },
      now,
    );
    await desk.updateOrder(trx, id, { return_received_at: now, updated_at: now });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'return_received',
      detail: products.length > 0 ? 'Parcel received back: its stock is back' : 'Parcel received back',
      author,
      created_at: now,
    });
    return products;
  });
  await ordersChanged(db, moved);
  return getOrder(db, id);
}

// ---------------------------------------------------------------- what a courier said

/** The owner checked what a courier said against the order's status: the warning goes. */
export async function clearCourierAttention(db: Database, id: number, author: string): Promise<Order> {
  await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    if (row.courier_attention === null) return;
    const now = new Date().toISOString();
    await desk.updateOrder(trx, id, { courier_attention: null, updated_at: now });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'courier',
      detail: `Checked: ${row.courier_attention}`,
      author,
      created_at: now,
    });
  });
  await ordersChanged(db, []);
  return getOrder(db, id);
}
