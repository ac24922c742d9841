// The back office's orders and the cash-on-delivery operating loop around SPEC's statuses
// (issue 15): the confirmation call beside each order's status, corrections before it ships,
// returns, notes and history, a phone's past orders and the blacklist, the 30-day figures, and
// the customer's tracking page. Every change of stock or coupon uses is decided as a new order is
// (order-stock.ts) in the transaction that changes the order, the order's row locked on
// PostgreSQL so that two changes of one order take turns.
import { todayIso } from '@shop/domain/coupon-status';
import { toDa } from '@shop/domain/money';
import { splitCustomerAddress, ADDRESS_SEPARATOR } from '@shop/domain/order-schemas';
import {
  DUPLICATE_WINDOW_HOURS,
  EDITABLE_STATUSES,
  ORDER_STATUSES,
  REFUSAL_REASONS,
  type ConfirmationState,
  type OrderStatus,
  type RefusalReason,
  type StatsPeriod,
} from '@shop/domain/order-status';
import type {
  BulkStatusResult,
  Order,
  OrderStats,
  OrderTracking,
  PhoneReputation,
  TrackingStep,
} from '@shop/domain/order-responses';
import { periodStart, type ConfirmationUpdate, type OrderEdit } from '@shop/domain/order-desk-schemas';
import { discountOnNewSubtotal, finalPriceCentimes } from '@shop/domain/pricing';
import { lineSize } from '@shop/domain/sizes';
import { UNKNOWN_WILAYA, wilayaKey } from '@shop/domain/wilaya';
import type { Insertable } from 'kysely';
import type { Database, Executor, OrderItemTable, OrderRow } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts';
import * as catalogRepo from '../catalog/catalog.repository.ts';
import { productTag } from '../catalog/catalog.repository.ts';
import { deskSettings } from '../settings/settings.service.ts';
import { ORDER_MESSAGES } from './order-messages.ts';
import { correctedDelivery, deliveryTypeOf, shippingRowsOf } from './delivery.ts';
import { giveBack, takeOne, type StockLine } from './order-stock.ts';
import * as desk from './order-desk.repository.ts';
import { duplicatesOf } from './duplicates.ts';
import * as repo from './orders.repository.ts';

/** Refusal reasons as the owner reads them in the history. */
const REFUSAL_LABELS: Record<RefusalReason, string> = {
  not_ordered: 'Did not order',
  changed_mind: 'Changed their mind',
  price: 'Price too high',
  delivery_time: 'Delivery too slow',
  unreachable: 'Wrong number or unreachable',
  other: 'Other',
};

const NO_REPUTATION: PhoneReputation = { orders: 0, delivered: 0, returned: 0, refused: 0, cancelled: 0 };

// ---------------------------------------------------------------- the admin's order

function itemSummary(row: OrderRow, items: readonly { quantity: number; product_name: string; size: string }[]) {
  if (row.type === 'custom') {
    const details = [row.size, row.color].filter(Boolean).join(', ');
    return `Custom: ${row.clothing_type ?? ''}${details ? ` (${details})` : ''}`;
  }
  return items.map((i) => `${i.quantity}× ${i.product_name}${i.size ? ` (${i.size})` : ''}`).join(', ');
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
  const { items, images, reputations } = details ?? (await repo.findOrderDetails(db, rows));
  const twins = await duplicatesOf(
    db,
    rows,
    new Set(reputations.filter((r) => Number(r.orders) > 1).map((r) => r.customer_phone)),
  );
  return rows.map((row) => {
    const lines = items.filter((i) => i.order_id === row.id);
    const reputation = reputations.find((r) => r.customer_phone === row.customer_phone);
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
      return_received_at: row.return_received_at,
      item_summary: itemSummary(row, lines),
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

/** The table's own name of a wilaya however it is spelled, or undefined when none matches. */
async function tableWilaya(db: Executor, name: string): Promise<string | undefined> {
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
  const [[order], history, notes, events] = await Promise.all([
    toAdminOrders(db, [row]),
    repo.findStatusHistory(db, id),
    desk.findNotes(db, id),
    desk.findEvents(db, id),
  ]);
  if (!order) throw notFound(ORDER_MESSAGES.orderNotFound);
  return {
    ...order,
    status_history: history as NonNullable<Order['status_history']>,
    notes,
    events: events as NonNullable<Order['events']>,
  };
}

/** Pending orders waiting for their call: call-backs due first, then the oldest. */
export async function confirmationQueue(db: Database, limit: number, now = new Date()): Promise<Order[]> {
  const rows = await desk.confirmationQueue(db, now.toISOString(), limit);
  const orders = await toAdminOrders(db, rows);
  return orders.map((order, i) => ({ ...order, last_call_at: rows[i]?.last_call_at ?? null }));
}

// ---------------------------------------------------------------- status changes

/** A regular order's stock lines and, for any order, its coupon (what it took when placed). */
async function takenBy(trx: Executor, row: OrderRow) {
  const items = row.type === 'regular' ? await repo.findItemsOf(trx, [row.id]) : [];
  return {
    stock: items.flatMap((i) =>
      i.product_id === null ? [] : [{ product_id: i.product_id, size: i.size, quantity: i.quantity }],
    ),
    couponId: row.coupon_id,
  };
}

/** Locks and reads an order for a change (PostgreSQL: two changes of one order take turns). */
export async function lockOrder(trx: Executor, id: number): Promise<OrderRow> {
  const row = await repo.findOrder(trx, id, isPostgres(trx));
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
  return row;
}

/**
 * Moves a locked order to `status` in the caller's transaction, with what the move does to its
 * stock and coupon use; answers the products whose stock moved. Entering cancelled gives the
 * stock and coupon use back, leaving it takes them again (refused when gone). Returned is reached
 * from shipping only and gives the coupon use back (the customer never paid); its stock comes
 * back when the parcel is received (markReturnReceived). It can go back to shipping until then.
 */
export async function applyStatus(trx: Executor, row: OrderRow, status: OrderStatus, now: string): Promise<number[]> {
  if (row.status === status) return [];
  if (status === 'returned' && row.status !== 'shipping') throw conflict(ORDER_MESSAGES.returnOnlyFromShipping);
  if (row.status === 'returned' && (status !== 'shipping' || row.return_received_at !== null)) {
    throw conflict(ORDER_MESSAGES.returnedIsFinal);
  }
  const order = await takenBy(trx, row);
  let moved: number[] = [];
  if (status === 'cancelled') {
    await giveBack(trx, order);
    moved = order.stock.map((l) => l.product_id);
  } else if (row.status === 'cancelled') {
    // Decided as a new order is (order-batch-plan.ts); products deleted since have nothing to
    // take, and the code is counted again whatever its dates, within its uses.
    const outcome = await takeOne(trx, order, { couponsUsableOn: null, skipDeleted: true });
    if (outcome.kind === 'short') throw conflict(ORDER_MESSAGES.reopenShort);
    if (outcome.kind === 'coupon-refused') throw conflict(ORDER_MESSAGES.reopenCouponUsedUp);
    moved = order.stock.map((l) => l.product_id);
  } else if (status === 'returned') {
    await giveBack(trx, { stock: [], couponId: row.coupon_id });
  } else if (row.status === 'returned') {
    const outcome = await takeOne(trx, { stock: [], couponId: row.coupon_id }, { couponsUsableOn: null });
    if (outcome.kind !== 'take') throw conflict(ORDER_MESSAGES.reopenCouponUsedUp);
  }
  const confirmedNow = status === 'approved' && row.confirmation !== 'confirmed' && row.status === 'pending';
  await desk.updateOrder(trx, row.id, {
    status,
    updated_at: now,
    // Approving a pending order is confirming it (the owner may do it without the queue).
    ...(confirmedNow ? { confirmation: 'confirmed', confirmed_at: now, call_back_at: null } : {}),
  });
  await repo.insertStatusHistories(trx, [
    { order_id: row.id, from_status: row.status, to_status: status, changed_at: now },
  ]);
  return [...new Set(moved)];
}

/** Tells every process what a change of orders touched: their products' stock, the dashboard. */
export function ordersChanged(db: Database, products: readonly number[]) {
  return catalogRepo.bumpCatalogVersion(db, [...new Set(products)].map(productTag).concat('orders'));
}

/** Sets an order's status (SPEC: freely among its five; returned as said in applyStatus). */
export async function updateOrderStatus(
  db: Database,
  id: number,
  status: OrderStatus,
): Promise<{ order: Order; changed: boolean }> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, id);
    if (row.status === status) return null;
    return applyStatus(trx, row, status, new Date().toISOString());
  });
  if (result) await ordersChanged(db, result);
  return { order: await getOrder(db, id), changed: result !== null };
}

/** Changes many orders' status, each in its own transaction; each answers changed or why not. */
export async function bulkStatus(db: Database, ids: readonly number[], status: OrderStatus): Promise<BulkStatusResult> {
  const results: BulkStatusResult['results'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const { changed } = await updateOrderStatus(db, id, status);
      results.push({ id, ok: true, message: changed ? ORDER_MESSAGES.statusUpdated : ORDER_MESSAGES.statusUnchanged });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ id, ok: false, message: error.messageIn('en') });
    }
  }
  return { results };
}

// ---------------------------------------------------------------- the confirmation call

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
 * Records a call's outcome. Confirming approves a pending order; refusing cancels it, its stock
 * and coupon use back, in the same transaction. Recorded for pending and approved orders only.
 */
export async function recordCall(db: Database, id: number, update: ConfirmationUpdate, author: string): Promise<Order> {
  const moved = await db.transaction().execute(async (trx) => {
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
      ...(update.outcome === 'confirmed' ? { confirmed_at: now } : {}),
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
      created_at: now,
    });
    return products;
  });
  await ordersChanged(db, moved);
  return getOrder(db, id);
}

export async function addNote(db: Database, id: number, text: string, author: string) {
  if (!(await repo.findOrder(db, id))) throw notFound(ORDER_MESSAGES.orderNotFound);
  return desk.insertNote(db, { order_id: id, author, text, created_at: new Date().toISOString() });
}

// ---------------------------------------------------------------- corrections before shipping

/** A line as the order stores it (its snapshot of the product), before it is given its order. */
type NewLine = Omit<Insertable<OrderItemTable>, 'id' | 'order_id'> & { product_id: number };

/**
 * The new lines of an order: a line of a product and size the order already had keeps the price
 * the customer was told; a new one is priced now. Sizes follow the order's own rule (lineSize).
 */
async function repricedLines(trx: Executor, orderId: number, items: NonNullable<OrderEdit['items']>) {
  const [old, products, sizes] = await Promise.all([
    repo.findItemsOf(trx, [orderId]),
    repo.findProductsForOrder(
      trx,
      items.map((i) => i.product_id),
    ),
    catalogRepo.findSizesOf(
      trx,
      items.map((i) => i.product_id),
    ),
  ]);
  const lines: NewLine[] = [];
  for (const item of items) {
    const product = products.find((p) => p.id === item.product_id);
    if (!product) throw badRequest(`Product ${item.product_id} not found`);
    const resolved = lineSize(
      {
        has_sizes: product.has_sizes === 1,
        sizes: sizes.filter((s) => s.product_id === product.id).map((s) => s.size),
      },
      item.size,
    );
    if ('problem' in resolved) throw badRequest(`${product.name}: ${ORDER_MESSAGES[resolved.problem]}`);
    const same = lines.find((l) => l.product_id === product.id && l.size === resolved.size);
    if (same) {
      same.quantity += item.quantity;
      continue;
    }
    const before = old.find((o) => o.product_id === product.id && o.size === resolved.size);
    lines.push({
      product_id: product.id,
      product_name: product.name,
      product_description: product.description,
      product_type: product.type_name,
      product_image: product.image_url,
      size: resolved.size,
      quantity: item.quantity,
      price_at_time_cents: before?.price_at_time_cents ?? product.price_cents,
      product_discount_percentage: before?.product_discount_percentage ?? product.discount_percentage,
      unit_final_price_cents:
        before?.unit_final_price_cents ?? finalPriceCentimes(product.price_cents, product.discount_percentage),
    });
  }
  return { old, lines };
}

function describeEdit(
  before: OrderRow,
  after: Partial<Record<keyof OrderRow, string | number | null>>,
  itemsBefore: string,
  itemsAfter: string,
) {
  const parts: string[] = [];
  const field = (label: string, from: string | number | null, to: string | number | null | undefined) => {
    if (to !== undefined && to !== from) parts.push(`${label}: ${from ?? '—'} → ${to ?? '—'}`);
  };
  const da = (cents: string | number | null | undefined) => (typeof cents === 'number' ? toDa(cents) : undefined);
  field('name', before.customer_name, after.customer_name);
  field('phone', before.customer_phone, after.customer_phone);
  field('address', before.customer_address, after.customer_address);
  field('postal code', before.customer_postal_code, after.customer_postal_code);
  field('delivery', before.delivery_type, after.delivery_type);
  field('commune', before.commune_name, after.commune_name);
  if (itemsAfter !== itemsBefore) parts.push(`lines: ${itemsBefore} → ${itemsAfter}`);
  field('shipping', toDa(before.shipping_fee_cents), da(after.shipping_fee_cents));
  field('total', toDa(before.final_total_cents), da(after.final_total_cents));
  return parts.join('; ') || 'No change';
}

/**
 * Corrects an order after the call, before it ships: contact details, delivery (wilaya, home or
 * stop desk, commune: the fee is then the table's), lines (regular orders). The old lines' stock
 * is given back and the new lines' taken, decided as a new order is; the figures are recomputed
 * with the order's discount; all in one transaction, written to the order's history.
 */
export async function editOrder(db: Database, id: number, edit: OrderEdit, author: string): Promise<Order> {
  const moved = await db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, id);
    if (!EDITABLE_STATUSES.includes(row.status as OrderStatus)) throw conflict(ORDER_MESSAGES.notEditable);
    if (edit.items && row.type !== 'regular') throw badRequest(ORDER_MESSAGES.itemsOfCustom);
    const now = new Date().toISOString();

    const current = splitCustomerAddress(row.customer_address);
    let wilayaName = row.wilaya_name;
    // The agreed fee stays unless the delivery changes: then it is the table's of today.
    let delivery = {
      deliveryType: deliveryTypeOf(row.delivery_type),
      shippingCents: row.shipping_fee_cents,
      communeName: row.commune_name,
    };
    if (edit.wilaya !== undefined || edit.delivery_type !== undefined || edit.commune !== undefined) {
      const shipping = (await shippingRowsOf(trx)).get(wilayaKey(edit.wilaya ?? row.wilaya_name));
      if (!shipping) throw badRequest(UNKNOWN_WILAYA);
      const changed =
        shipping.wilaya_name !== row.wilaya_name ||
        (edit.delivery_type ?? delivery.deliveryType) !== delivery.deliveryType ||
        (edit.commune !== undefined && edit.commune !== row.commune_name);
      if (changed) {
        wilayaName = shipping.wilaya_name;
        delivery = correctedDelivery(shipping, row, edit);
      }
    }
    const address = `${wilayaName}${ADDRESS_SEPARATOR}${edit.address ?? current.address}`;

    let subtotalCents = row.subtotal_cents;
    let products: number[] = [];
    let itemsBefore = '';
    let itemsAfter = '';
    if (edit.items) {
      const { old, lines } = await repricedLines(trx, id, edit.items);
      itemsBefore = itemSummary(row, old);
      itemsAfter = itemSummary(row, lines);
      const was: StockLine[] = old.flatMap((i) =>
        i.product_id === null ? [] : [{ product_id: i.product_id, size: i.size, quantity: i.quantity }],
      );
      const now_: StockLine[] = lines.map((l) => ({ product_id: l.product_id, size: l.size, quantity: l.quantity }));
      // The coupon use stays as it is: only the stock moves.
      await giveBack(trx, { stock: was, couponId: null });
      const outcome = await takeOne(trx, { stock: now_, couponId: null }, { couponsUsableOn: null });
      if (outcome.kind === 'short') throw conflict(ORDER_MESSAGES.stockShort);
      await desk.deleteItemsOf(trx, id);
      await repo.insertOrderItems(
        trx,
        lines.map((l) => ({ ...l, order_id: id })),
      );
      subtotalCents = lines.reduce((sum, l) => sum + l.unit_final_price_cents * l.quantity, 0);
      products = [...was, ...now_].map((l) => l.product_id);
    }
    const discountCents = discountOnNewSubtotal(row, subtotalCents);
    const values = {
      ...(edit.customer_name !== undefined ? { customer_name: edit.customer_name } : {}),
      ...(edit.customer_phone !== undefined ? { customer_phone: edit.customer_phone } : {}),
      ...(edit.customer_postal_code !== undefined ? { customer_postal_code: edit.customer_postal_code } : {}),
      customer_address: address,
      wilaya_name: wilayaName,
      delivery_type: delivery.deliveryType,
      commune_name: delivery.communeName,
      subtotal_cents: subtotalCents,
      discount_cents: discountCents,
      shipping_fee_cents: delivery.shippingCents,
      final_total_cents: subtotalCents - discountCents + delivery.shippingCents,
    };
    await desk.updateOrder(trx, id, { ...values, updated_at: now });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'edit',
      detail: describeEdit(row, values, itemsBefore, itemsAfter),
      author,
      created_at: now,
    });
    return products;
  });
  await ordersChanged(db, moved);
  return getOrder(db, id);
}

// ---------------------------------------------------------------- returns

/** A returned parcel is back: its stock is given back, once. */
export async function markReturnReceived(db: Database, id: number, author: string): Promise<Order> {
  const moved = await db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, id);
    if (row.status !== 'returned' || row.return_received_at !== null) throw conflict(ORDER_MESSAGES.notReturned);
    const order = await takenBy(trx, row);
    await giveBack(trx, { stock: order.stock, couponId: null });
    const now = new Date().toISOString();
    await desk.updateOrder(trx, id, { return_received_at: now, updated_at: now });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'return_received',
      detail: order.stock.length > 0 ? 'Parcel received back: its stock is back' : 'Parcel received back',
      author,
      created_at: now,
    });
    return order.stock.map((l) => l.product_id);
  });
  await ordersChanged(db, moved);
  return getOrder(db, id);
}

// ---------------------------------------------------------------- blacklist

export function listBlacklist(db: Database) {
  return desk.listBlacklist(db);
}

export function blacklistPhone(db: Database, phone: string, reason: string) {
  return desk.blacklistPhone(db, { phone, reason, created_at: new Date().toISOString() });
}

export async function unblacklistPhone(db: Database, phone: string): Promise<void> {
  if (!(await desk.unblacklistPhone(db, phone))) throw notFound(ORDER_MESSAGES.notBlacklisted);
}

/** What a new order from `phone` is flagged with (DUPLICATE_WINDOW_HOURS for duplicates). */
export function duplicateWindowStart(now = Date.now()): string {
  return new Date(now - DUPLICATE_WINDOW_HOURS * 3_600_000).toISOString();
}

// ---------------------------------------------------------------- figures

export const STATS_DAYS = 30;

/** Confirmation, delivery and return rates of a set of counts (null when nothing is decided). */
function rates(counts: readonly { status: string; confirmation: string; n: number }[]) {
  const sum = (match: (c: { status: string; confirmation: string }) => boolean) =>
    counts.filter(match).reduce((total, c) => total + Number(c.n), 0);
  const confirmed = sum((c) => c.confirmation === 'confirmed');
  const refused = sum((c) => c.confirmation === 'refused');
  const delivered = sum((c) => c.status === 'successful');
  const returned = sum((c) => c.status === 'returned');
  const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);
  return {
    confirmation_rate: ratio(confirmed, confirmed + refused),
    delivery_rate: ratio(delivered, delivered + returned),
    return_rate: ratio(returned, delivered + returned),
  };
}

export async function orderStats(db: Database, now = new Date(), period: StatsPeriod = 'all'): Promise<OrderStats> {
  const days = Array.from({ length: STATS_DAYS }, (_, i) =>
    todayIso(new Date(now.getTime() - (STATS_DAYS - 1 - i) * 86_400_000)),
  );
  const since = days[0] ?? todayIso(now);
  const settings = await deskSettings(db);
  const start = periodStart(period, now);
  const [allRows, periodRows, totalProducts, perDayRows, recent, low] = await Promise.all([
    repo.orderCountsByStatus(db),
    start ? repo.orderCountsByStatus(db, start) : null,
    repo.countProducts(db),
    repo.ordersPerDay(db, since),
    desk.countsSince(db, since),
    desk.lowStock(db, settings.low_stock_threshold, 50),
  ]);
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  let totalOrders = 0;
  let revenueCents = 0;
  let deliveryCents = 0;
  for (const row of periodRows ?? allRows) {
    const n = Number(row.n);
    totalOrders += n;
    if ((ORDER_STATUSES as readonly string[]).includes(row.status)) byStatus[row.status as OrderStatus] += n;
    if (row.status === 'successful') {
      revenueCents += Number(row.total_cents);
      deliveryCents += Number(row.shipping_cents);
    }
  }
  const pendingNow = Number(allRows.find((row) => row.status === 'pending')?.n ?? 0);
  const wilayas = [...new Set(recent.map((r) => r.wilaya_name))];
  const perWilaya = wilayas
    .map((wilaya) => {
      const counts = recent.filter((r) => r.wilaya_name === wilaya);
      return { wilaya, orders: counts.reduce((t, c) => t + Number(c.n), 0), ...rates(counts) };
    })
    .sort((a, b) => b.orders - a.orders || a.wilaya.localeCompare(b.wilaya));
  return {
    period,
    since: start,
    total_orders: totalOrders,
    pending_orders: pendingNow,
    total_products: totalProducts,
    total_revenue: toDa(revenueCents),
    total_revenue_without_delivery: toDa(revenueCents - deliveryCents),
    by_status: byStatus,
    per_day: days.map((date) => {
      const row = perDayRows.find((r) => r.day === date);
      return { date, orders: Number(row?.orders ?? 0), revenue: toDa(Number(row?.revenue_cents ?? 0)) };
    }),
    last_30_days: {
      orders: recent.reduce((t, c) => t + Number(c.n), 0),
      ...rates(recent),
      per_wilaya: perWilaya,
    },
    low_stock: low.map((r) => ({ product_id: r.product_id, name: r.name, size: r.size, stock: Number(r.stock) })),
    low_stock_threshold: settings.low_stock_threshold,
  };
}

// ---------------------------------------------------------------- tracking

/**
 * An order's path for the customer, only when its number and phone go together; the same 404
 * whichever is wrong. No address, no name.
 */
export async function trackOrder(db: Database, orderId: number, phone: string): Promise<OrderTracking> {
  const row = await repo.findOrder(db, orderId);
  if (!row || row.customer_phone !== phone) throw notFound(ORDER_MESSAGES.trackingNotFound);
  const [history, items] = await Promise.all([repo.findStatusHistory(db, orderId), repo.findItemsOf(db, [orderId])]);
  const firstTo = (status: string) => history.find((h) => h.to_status === status)?.changed_at;
  const lastTo = (status: string) => history.filter((h) => h.to_status === status).at(-1)?.changed_at;
  const timeline: { step: TrackingStep; at: string }[] = [{ step: 'received', at: row.created_at }];
  const confirmedAt = row.confirmed_at ?? firstTo('approved');
  if (confirmedAt && row.status !== 'cancelled') timeline.push({ step: 'confirmed', at: confirmedAt });
  const shippedAt = firstTo('shipping');
  if (shippedAt && ['shipping', 'successful', 'returned'].includes(row.status)) {
    timeline.push({ step: 'shipping', at: shippedAt });
  }
  for (const end of ['successful', 'returned', 'cancelled'] as const) {
    const at = row.status === end ? lastTo(end) : undefined;
    if (at) timeline.push({ step: end, at });
  }
  return {
    order_id: row.id,
    status: row.status as OrderStatus,
    timeline,
    tracking_number: row.tracking_number,
    items:
      row.type === 'custom'
        ? [{ name: row.clothing_type ?? '', size: row.size ?? '', quantity: 1 }]
        : items.map((i) => ({ name: i.product_name, size: i.size, quantity: i.quantity })),
    total: toDa(row.final_total_cents),
    wilaya: row.wilaya_name,
    delivery_type: deliveryTypeOf(row.delivery_type),
    commune: row.commune_name,
  };
}
