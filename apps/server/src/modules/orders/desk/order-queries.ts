// The back office's reading of orders: one order as the admin sees it (its lines, its phone's
// past, who holds it on the desk), the lists and the confirmation queue.
import { toDa } from '@shop/domain/money';
import {
  REFUSAL_REASONS,
  type ConfirmationState,
  type OrderStatus,
  type RefusalReason,
} from '@shop/domain/order-status';
import { amountDueCentimes, PAYMENT_METHODS, type PaymentMethod } from '@shop/domain/order-payments';
import type { Order, PhoneReputation } from '@shop/domain/order-responses';
import type { OrderClaim } from '@shop/domain/staff';
import { wilayaKey } from '@shop/domain/wilaya';
import type { Database, Executor, OrderRow } from '../../../db/database.ts';
import { userNames } from '../../../db/user-names.ts';
import { notFound } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import { deliveryTypeOf } from '../delivery.ts';
import * as desk from './order-desk.repository.ts';
import { duplicatesOf } from '../place/duplicates.ts';
import * as repo from '../orders.repository.ts';
import { undoableCall } from './desk-snapshots.ts';
import { orderedSizeLabel } from '../line-labels.ts';

const NO_REPUTATION: PhoneReputation = { orders: 0, delivered: 0, returned: 0, refused: 0, cancelled: 0 };

// ---------------------------------------------------------------- the admin's order

/** The order's lines in its history: "2× Robe été (Rouge / M), 1× Savon" (a custom order: its item). */
export function itemSummary(
  row: OrderRow,
  items: readonly { quantity: number; product_name: string; size: string; color?: string | null | undefined }[],
) {
  if (row.type === 'custom') {
    const details = [row.size, row.color].filter(Boolean).join(', ');
    return `Custom: ${row.clothing_type ?? ''}${details ? ` (${details})` : ''}`;
  }
  return items
    .map((i) => {
      const variant = [i.color ?? '', orderedSizeLabel(i.size)].filter(Boolean).join(' / ');
      return `${i.quantity}× ${i.product_name}${variant ? ` (${variant})` : ''}`;
    })
    .join(', ');
}

/**
 * Turns order rows into the admin shape, loading lines, images and the phones' past orders of
 * the whole page at once (orders.repository.ts findOrderDetails). Statuses are written only from ORDER_STATUSES; the response
 * contract checks them again.
 */
export async function toAdminOrders(
  db: Executor,
  rows: readonly OrderRow[],
  details?: repo.OrderDetails,
): Promise<Order[]> {
  const { items, images, reputations, payments } = details ?? (await repo.findOrderDetails(db, rows));
  const twins = await duplicatesOf(
    db,
    rows,
    new Set(reputations.filter((r) => Number(r.orders) > 1).map((r) => r.customer_phone)),
  );
  const now = new Date().toISOString();
  const holders = await userNames(
    db,
    rows.flatMap((row) => (row.claimed_by === null ? [] : [row.claimed_by])),
  );
  return rows.map((row) => {
    const lines = items.filter((i) => i.order_id === row.id);
    const reputation = reputations.find((r) => r.customer_phone === row.customer_phone);
    const paid = payments.filter((p) => p.order_id === row.id);
    const paidCents = paid.reduce((sum, p) => sum + Number(p.amount_cents), 0);
    return {
      id: row.id,
      type: row.type,
      status: row.status as OrderStatus,
      customer_name: row.customer_name,
      customer_phone: row.customer_phone,
      customer_address: row.customer_address,
      customer_postal_code: row.customer_postal_code,
      wilaya_name: row.wilaya_name,
      delivery_type: deliveryTypeOf(row.delivery_type),
      commune_name: row.commune_name,
      subtotal: toDa(row.subtotal_cents),
      discount_percentage: row.discount_percentage,
      discount_amount: toDa(row.discount_cents),
      shipping_fee: toDa(row.shipping_fee_cents),
      final_total: toDa(row.final_total_cents),
      coupon_code: row.coupon_code,
      created_at: row.created_at,
      updated_at: row.updated_at,
      order_items: lines.map((i) => ({
        id: i.id,
        product_id: i.product_id,
        product_name: i.product_name,
        product_description: i.product_description,
        quantity: i.quantity,
        price_at_time: toDa(i.price_at_time_cents),
        unit_price: toDa(i.unit_final_price_cents),
        product_type: i.product_type,
        size: i.size,
        color: i.color,
        color_id: i.color_id,
        product_discount_percentage: i.product_discount_percentage,
        product_images: i.product_image ? [{ image_url: i.product_image }] : [],
      })),
      clothing_type: row.clothing_type,
      color: row.color,
      size: row.size,
      reference_images: images
        .filter((img) => img.order_id === row.id)
        .map((img) => ({ position: img.position, image_url: img.image_url })),
      confirmation: row.confirmation as ConfirmationState,
      call_attempts: row.call_attempts,
      call_back_at: row.call_back_at,
      confirmed_at: row.confirmed_at,
      refusal_reason: (REFUSAL_REASONS as readonly string[]).includes(row.refusal_reason ?? '')
        ? (row.refusal_reason as RefusalReason)
        : null,
      refusal_note: row.refusal_note,
      held: row.held === 1,
      possible_duplicate: row.possible_duplicate === 1,
      duplicates: twins.get(row.id) ?? [],
      tracking_number: row.tracking_number,
      courier: row.courier,
      label_url: row.label_url,
      courier_status: row.courier_status,
      courier_sent_at: row.courier_sent_at,
      courier_error: row.courier_error,
      courier_account_id: row.courier_account_id,
      courier_account_chosen: row.courier_account_chosen === 1,
      return_received_at: row.return_received_at,
      stock_reserved: row.stock_reserved === 1,
      courier_attention: row.courier_attention,
      payments: paid.map((p) => ({
        id: p.id,
        amount: toDa(Number(p.amount_cents)),
        method: (PAYMENT_METHODS as readonly string[]).includes(p.method) ? (p.method as PaymentMethod) : 'cash',
        reference: p.reference,
        paid_on: p.paid_on,
        author: p.author,
        created_at: p.created_at,
      })),
      amount_paid: toDa(paidCents),
      amount_due: toDa(amountDueCentimes(row.final_total_cents, paidCents)),
      item_summary: itemSummary(row, lines),
      claim: claimOf(row, holders, now),
      reputation: reputation
        ? {
            orders: Number(reputation.orders),
            delivered: Number(reputation.delivered),
            returned: Number(reputation.returned),
            refused: Number(reputation.refused),
            cancelled: Number(reputation.cancelled),
          }
        : NO_REPUTATION,
    };
  });
}

/** Who holds an order on the desk now: nobody once a timed hold has run out. */
function claimOf(row: OrderRow, holders: ReadonlyMap<number, string>, now: string): OrderClaim | null {
  if (row.claimed_by === null) return null;
  if (row.claim_expires_at !== null && row.claim_expires_at <= now) return null;
  return { user_id: row.claimed_by, username: holders.get(row.claimed_by) ?? '', expires_at: row.claim_expires_at };
}

/** The table's own name of a wilaya however it is spelled, or undefined when none matches. */
export async function tableWilaya(db: Executor, name: string): Promise<string | undefined> {
  const wanted = wilayaKey(name);
  return (await repo.findShippingRows(db)).find((row) => wilayaKey(row.wilaya_name) === wanted)?.wilaya_name;
}

export async function listOrders(db: Database, filter: repo.OrderFilter, page: number, limit: number) {
  const wilaya = filter.wilaya ? ((await tableWilaya(db, filter.wilaya)) ?? filter.wilaya) : undefined;
  const query = { ...filter, wilaya };
  if (query.phone || query.q) {
    // The match (a range of the phone-suffix index) runs once, for the page and the total.
    const { rows, total, details } = await repo.findOrdersPage(db, query, limit, (page - 1) * limit);
    return { rows: await toAdminOrders(db, rows, details), total };
  }
  const [rows, total] = await Promise.all([
    repo.listOrders(db, query, limit, (page - 1) * limit),
    repo.countOrders(db, query),
  ]);
  return { rows: await toAdminOrders(db, rows), total };
}

export async function getOrder(db: Executor, id: number): Promise<Order> {
  const row = await repo.findOrder(db, id);
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
  const [[order], history, notes, events, undoable] = await Promise.all([
    toAdminOrders(db, [row]),
    repo.findStatusHistory(db, id),
    desk.findNotes(db, id),
    desk.findEvents(db, id),
    undoableCall(db, id),
  ]);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return {
    ...order,
    status_history: history as NonNullable<Order['status_history']>,
    notes,
    events: events.map((e) => ({
      kind: e.kind as NonNullable<Order['events']>[number]['kind'],
      detail: e.detail,
      author: e.author,
      created_at: e.created_at,
    })),
    undoable_call: undoable ? { event_id: undoable.event.id, detail: undoable.event.detail } : null,
  };
}

/** Pending orders waiting for their call: call-backs due first, then the oldest. */
export async function confirmationQueue(db: Database, limit: number, now = new Date()): Promise<Order[]> {
  const rows = await desk.confirmationQueue(db, now.toISOString(), limit);
  const orders = await toAdminOrders(db, rows);
  return orders.map((order, i) => ({ ...order, last_call_at: rows[i]?.last_call_at ?? null }));
}
