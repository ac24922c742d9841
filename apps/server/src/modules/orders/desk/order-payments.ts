// Payments recorded before delivery (a deposit, a transfer): what is left to collect.
import { todayIso } from '@shop/domain/coupon-status';
import { toCentimes, toDa } from '@shop/domain/money';
import { type OrderStatus } from '@shop/domain/order-status';
import {
  amountDueCentimes,
  paymentsClosed,
  PAYMENT_METHOD_LABELS,
  type OrderPaymentCreate,
} from '@shop/domain/order-payments';
import { courierLabel } from '@shop/domain/courier';
import type { Database, OrderRow } from '../../../db/database.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import * as desk from './order-desk.repository.ts';
import * as repo from '../orders.repository.ts';
import { getOrder } from './order-queries.ts';
import { lockOrder, ordersChanged } from './order-status.ts';

/**
 * Records a payment received before delivery (a custom order's advance to the shop's CCP, say):
 * the courier then collects only what is left. Refused once the order is with its courier (the
 * parcel already says what to collect), on a cancelled order, and beyond what is left to pay.
 */
export async function addPayment(db: Database, id: number, payment: OrderPaymentCreate, author: string) {
  await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    assertPaymentsOpen(row);
    const paid = (await repo.findPaymentsOf(trx, [id])).reduce((sum, p) => sum + p.amount_cents, 0);
    const due = amountDueCentimes(row.final_total_cents, paid);
    const amount = toCentimes(payment.amount);
    if (amount > due) throw badRequest(ORDER_MESSAGES.paymentTooLarge(toDa(due)));
    const now = new Date().toISOString();
    await desk.insertPayment(trx, {
      order_id: id,
      amount_cents: amount,
      method: payment.method,
      reference: payment.reference,
      paid_on: payment.paid_on ?? todayIso(),
      author,
      created_at: now,
    });
    await desk.updateOrder(trx, id, { updated_at: now });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'payment',
      detail: `Payment received: ${toDa(amount)} Da by ${PAYMENT_METHOD_LABELS[payment.method]}${payment.reference ? ` (${payment.reference})` : ''}; left to collect ${toDa(due - amount)} Da`,
      author,
      created_at: now,
    });
  });
  await ordersChanged(db, []);
  return getOrder(db, id);
}

/** Removes a payment recorded by mistake, on the same terms as adding one. */
export async function deletePayment(db: Database, id: number, paymentId: number, author: string) {
  await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    const payment = await desk.findPayment(trx, id, paymentId);
    if (!payment) throw notFound(ORDER_MESSAGES.paymentNotFound);
    assertPaymentsOpen(row);
    await desk.deletePayment(trx, paymentId);
    const now = new Date().toISOString();
    await desk.updateOrder(trx, id, { updated_at: now });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'payment',
      detail: `Payment removed: ${toDa(payment.amount_cents)} Da of ${payment.paid_on}`,
      author,
      created_at: now,
    });
  });
  await ordersChanged(db, []);
  return getOrder(db, id);
}

function assertPaymentsOpen(row: OrderRow): void {
  switch (paymentsClosed({ ...row, status: row.status as OrderStatus })) {
    case 'cancelled':
      throw conflict(ORDER_MESSAGES.paymentOnCancelled);
    case 'with_courier':
      throw conflict(ORDER_MESSAGES.paymentAfterParcel(courierLabel(row.courier)));
    case 'shipped':
      throw conflict(ORDER_MESSAGES.notEditable);
    case null:
  }
}
