// The confirmation call beside each order's status: its outcome, its undo, the order's notes.
import { EDITABLE_STATUSES, REFUSAL_LABELS, type OrderStatus } from '@shop/domain/order-status';
import { type OrderPosition } from '@shop/domain/order-transitions';
import type { Order } from '@shop/domain/order-responses';
import { type ConfirmationUpdate } from '@shop/domain/order-desk-schemas';
import type { Database } from '../../../db/database.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { conflict, notFound } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import * as desk from './order-desk.repository.ts';
import * as repo from '../orders.repository.ts';
import { getOrder } from './order-queries.ts';
import { snapshotOf, undoableCall } from './desk-snapshots.ts';
import { applyStatus, lockOrder, moveHoldings, ordersChanged, positionOf } from './order-status.ts';

function describeCall(update: ConfirmationUpdate, attempts: number): string {
  switch (update.outcome) {
    case 'confirmed':
      return 'Confirmed by phone';
    case 'no_answer':
      return `No answer (attempt ${attempts})`;
    case 'call_back':
      return `Call back at ${update.call_back_at}`;
    case 'refused':
      return `Refused by phone: ${REFUSAL_LABELS[update.reason]}${update.note ? ` — ${update.note}` : ''}`;
  }
}

/**
 * Records a call's outcome. Confirming approves a pending order (releasing a held one: its units
 * are taken then); refusing cancels it, its stock and coupon use back, in the same transaction.
 * Recorded for pending and approved orders only; what it changed is kept to undo it. The order
 * remembers whose call confirmed it, and a "next order" hold on it ends: the call was made (an
 * order the owner assigned stays with its agent).
 */
export async function recordCall(
  db: Database,
  id: number,
  update: ConfirmationUpdate,
  author: string,
  authorId: number | null = null,
): Promise<Order> {
  const moved = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    if (!EDITABLE_STATUSES.includes(row.status as OrderStatus)) throw conflict(ORDER_MESSAGES.callOnlyBeforeShipping);
    const now = new Date().toISOString();
    const attempts = row.call_attempts + (update.outcome === 'no_answer' ? 1 : 0);
    let products: number[] = [];
    if (update.outcome === 'confirmed' && row.status === 'pending') {
      products = await applyStatus(trx, row, 'approved', now);
    }
    if (update.outcome === 'refused') products = await applyStatus(trx, row, 'cancelled', now);
    await desk.updateOrder(trx, id, {
      confirmation: update.outcome,
      call_attempts: attempts,
      call_back_at: update.outcome === 'call_back' ? new Date(update.call_back_at).toISOString() : null,
      ...(update.outcome === 'confirmed' ? { confirmed_at: now, confirmed_by: authorId } : {}),
      ...(row.claim_expires_at !== null ? { claimed_by: null, claim_expires_at: null } : {}),
      ...(update.outcome === 'refused'
        ? { refusal_reason: update.reason, refusal_note: update.note || null }
        : { refusal_reason: null, refusal_note: null }),
      updated_at: now,
    });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'confirmation',
      detail: describeCall(update, attempts),
      author,
      author_id: authorId,
      outcome: update.outcome,
      created_at: now,
      undo: JSON.stringify(snapshotOf(row)),
    });
    return products;
  });
  await ordersChanged(db, moved);
  return getOrder(db, id);
}

/**
 * Undoes the order's last desk outcome (a mis-tapped "Confirmed" or "Refused"): the order's
 * status, call state and attempts go back to what they were, its stock and coupon use with them
 * (a refusal undone takes the units again, refused if they are gone). Only while the order has
 * not moved on since (undoableCall).
 */
export async function undoCall(db: Database, id: number, author: string): Promise<Order> {
  const moved = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    const undoable = await undoableCall(trx, id);
    if (!undoable) throw conflict(ORDER_MESSAGES.nothingToUndo);
    const { event, snapshot } = undoable;
    const now = new Date().toISOString();
    if (!(await desk.markUndone(trx, event.id, now))) throw conflict(ORDER_MESSAGES.nothingToUndo);
    const from = positionOf(row);
    const to: OrderPosition = { ...from, status: snapshot.status, reserved: snapshot.stock_reserved === 1 };
    const products = await moveHoldings(
      trx,
      row,
      from,
      to,
      { short: ORDER_MESSAGES.undoShort, coupon: ORDER_MESSAGES.reopenCouponUsedUp },
      now,
    );
    await desk.updateOrder(trx, id, { ...snapshot, updated_at: now });
    if (snapshot.status !== row.status) {
      await repo.insertStatusHistories(trx, [
        { order_id: id, from_status: row.status, to_status: snapshot.status, changed_at: now },
      ]);
    }
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'undo',
      detail: `Undone: ${event.detail}`,
      author,
      created_at: now,
    });
    return products;
  });
  await ordersChanged(db, moved);
  return getOrder(db, id);
}

export async function addNote(db: Database, id: number, text: string, author: string, authorId: number | null = null) {
  if (!(await repo.findOrder(db, id))) throw notFound(ORDER_MESSAGES.orderNotFound);
  return desk.insertNote(db, { order_id: id, author, author_id: authorId, text, created_at: new Date().toISOString() });
}
