// Changing an order's status: the move is allowed by the domain's table (order-transitions.ts),
// its stock and coupon use follow what the new status holds (holdings), all in the transaction
// that changes the order, its row locked on PostgreSQL so that two changes of one order take turns.
import { type ConfirmationState, type OrderStatus } from '@shop/domain/order-status';
import {
  confirmationFor,
  holdings,
  transition,
  type OrderPosition,
  type TransitionRefusal,
} from '@shop/domain/order-transitions';
import type { BulkStatusResult, Order } from '@shop/domain/order-responses';
import { courierLabel } from '@shop/domain/courier';
import type { Database, Executor, OrderRow } from '../../../db/database.ts';
import { isPostgres } from '../../../db/dialect.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { conflict, HttpError, notFound } from '../../../http/errors.ts';
import * as catalog from '../../catalog/catalog.service.ts';
import { productTag, recordCatalogChange } from '../../../db/catalog-changes.ts';
import { CourierError, type Courier, type CourierOf } from '../../couriers/courier.ts';
import { enqueuePurchases } from '../../marketing/ad-events.service.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import { giveBack, takeOne, type StockLine } from '../stock/order-stock.ts';
import * as desk from './order-desk.repository.ts';
import * as repo from '../orders.repository.ts';
import { getOrder } from './order-queries.ts';
import { orderLineLabel } from '../line-labels.ts';

/** The facts of an order its moves depend on (order-transitions.ts). */
export function positionOf(row: OrderRow): OrderPosition {
  return {
    status: row.status as OrderStatus,
    reserved: row.stock_reserved === 1,
    hasParcel: row.tracking_number !== null,
    returnReceived: row.return_received_at !== null,
  };
}

/** A stock line with the colour's name it was ordered in (for the owner's messages). */
export type NamedStockLine = StockLine & { color?: string };

/** A regular order's stock lines (what its lines take when it holds its units), per variant. */
async function stockLinesOf(trx: Executor, row: OrderRow): Promise<NamedStockLine[]> {
  if (row.type !== 'regular') return [];
  const items = await repo.findItemsOf(trx, [row.id]);
  return items.flatMap((i) =>
    i.product_id === null
      ? []
      : [{ product_id: i.product_id, color_id: i.color_id, color: i.color, size: i.size, quantity: i.quantity }],
  );
}

/**
 * "2 × Sac, 1 × Ceinture": the lines' products by their names now; with `variant`, each line's
 * colour and size too ("1 × Robe été — Rouge / M").
 */
async function describeLines(
  trx: Executor,
  lines: readonly NamedStockLine[],
  { variant = false }: { variant?: boolean } = {},
): Promise<string> {
  const rows = await catalog.findProductRowsByIds(trx, [...new Set(lines.map((l) => l.product_id))]);
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return lines
    .map((l) => {
      const name = names.get(l.product_id) ?? `product ${l.product_id}`;
      const label = variant ? orderLineLabel({ product_name: name, color: l.color ?? '', size: l.size }) : name;
      return `${l.quantity} × ${label}`;
    })
    .join(', ');
}

/** Gives an order's units back; the ones with no row to go to are written in its history. */
export async function giveBackAndTell(
  trx: Executor,
  orderId: number,
  order: { stock: NamedStockLine[]; couponId: number | null },
  now: string,
  author: string | null,
): Promise<void> {
  const { sizeless, noRow } = await giveBack(trx, order);
  const details = [
    ...(sizeless.length > 0 ? [ORDER_MESSAGES.notPutBack(await describeLines(trx, sizeless))] : []),
    ...(noRow.length > 0 ? [ORDER_MESSAGES.notPutBackVariant(await describeLines(trx, noRow, { variant: true }))] : []),
  ];
  for (const detail of details) {
    await desk.insertEvent(trx, { order_id: orderId, kind: 'stock', detail, author, created_at: now });
  }
}

/** Locks and reads an order for a change (PostgreSQL: two changes of one order take turns). */
export async function lockOrder(trx: Executor, id: number): Promise<OrderRow> {
  const row = await repo.findOrder(trx, id, isPostgres(trx));
  if (!row) throw notFound(ORDER_MESSAGES.orderNotFound);
  return row;
}

const REFUSAL_MESSAGES: Record<Exclude<TransitionRefusal, 'unchanged'>, string> = {
  returnOnlyFromShipping: ORDER_MESSAGES.returnOnlyFromShipping,
  returnedIsFinal: ORDER_MESSAGES.returnedIsFinal,
  notAllowed: ORDER_MESSAGES.moveNotAllowed,
};

/**
 * Gives back and takes again what an order holds between two positions (holdings): its units,
 * its coupon use. Taking is decided as a new order is; products deleted since have nothing to
 * take, and the code is counted again whatever its dates, within its uses. Answers the products
 * whose stock moved.
 */
export async function moveHoldings(
  trx: Executor,
  row: OrderRow,
  from: OrderPosition,
  to: OrderPosition,
  refusals: { short: string; coupon: string },
  now: string,
): Promise<number[]> {
  const before = holdings(from);
  const after = holdings(to);
  if (before.stock === after.stock && before.coupon === after.coupon) return [];
  const lines = before.stock !== after.stock ? await stockLinesOf(trx, row) : [];
  const give = {
    stock: before.stock && !after.stock ? lines : [],
    couponId: before.coupon && !after.coupon ? row.coupon_id : null,
  };
  const take = {
    stock: !before.stock && after.stock ? lines : [],
    couponId: !before.coupon && after.coupon ? row.coupon_id : null,
  };
  if (give.stock.length > 0 || give.couponId !== null) await giveBackAndTell(trx, row.id, give, now, null);
  if (take.stock.length > 0 || take.couponId !== null) {
    const outcome = await takeOne(trx, take, { couponsUsableOn: null, skipDeleted: true });
    if (outcome.kind === 'short' && outcome.needsSize) {
      // A line without a size, of a product sold by size since: it has no row to take from.
      throw conflict(ORDER_MESSAGES.reopenNeedsSize(await describeLines(trx, outcome.short)));
    }
    if (outcome.kind === 'short') throw conflict(refusals.short);
    if (outcome.kind === 'coupon-refused') throw conflict(refusals.coupon);
  }
  return lines.map((l) => l.product_id);
}

/** The desk fields that go with a status (confirmationFor), for an update of the order. */
function deskFieldsFor(row: OrderRow, status: OrderStatus, now: string) {
  const confirmation = confirmationFor(status, row.confirmation as ConfirmationState);
  if (confirmation === row.confirmation) return {};
  return {
    confirmation,
    // Approving a pending order is confirming it (the owner may do it without the queue), not a call.
    confirmed_at: confirmation === 'confirmed' ? now : null,
    confirmed_by: null,
    call_back_at: null,
    ...(confirmation === 'to_confirm' || confirmation === 'confirmed'
      ? { refusal_reason: null, refusal_note: null }
      : {}),
  };
}

/**
 * Moves a locked order to `status` in the caller's transaction, as the transition table allows,
 * with what the move does to its stock and coupon use (holdings), and the call's state that goes
 * with the new status; answers the products whose stock moved. Cancelling an order that has a
 * parcel is refused unless the parcel was cancelled at the courier first (`parcelCancelled`).
 */
export async function applyStatus(
  trx: Executor,
  row: OrderRow,
  status: OrderStatus,
  now: string,
  { parcelCancelled = false }: { parcelCancelled?: boolean } = {},
): Promise<number[]> {
  const from = positionOf(row);
  const decision = transition(from, status);
  if (!decision.ok) {
    if (decision.refusal === 'unchanged') return [];
    throw conflict(REFUSAL_MESSAGES[decision.refusal]);
  }
  const { effects } = decision;
  if (effects.cancelParcel && !parcelCancelled) {
    throw conflict(ORDER_MESSAGES.parcelExists(courierLabel(row.courier), row.tracking_number ?? ''));
  }
  const to: OrderPosition = { ...from, status, reserved: from.reserved || effects.release };
  const moved = await moveHoldings(
    trx,
    row,
    from,
    to,
    {
      short: effects.release ? ORDER_MESSAGES.releaseShort : ORDER_MESSAGES.reopenShort,
      coupon: ORDER_MESSAGES.reopenCouponUsedUp,
    },
    now,
  );
  await desk.updateOrder(trx, row.id, {
    status,
    updated_at: now,
    ...(effects.release ? { stock_reserved: 1 } : {}),
    ...deskFieldsFor(row, status, now),
  });
  await repo.insertStatusHistories(trx, [
    { order_id: row.id, from_status: row.status, to_status: status, changed_at: now },
  ]);
  // The ad platforms' purchase, when this status is the stage they count (modules/marketing).
  await enqueuePurchases(trx, [row.id], status, now);
  return [...new Set(moved)];
}

/** Tells every process what a change of orders touched: their products' stock, the dashboard. */
export function ordersChanged(db: Database, products: readonly number[]) {
  return recordCatalogChange(db, [...new Set(products)].map(productTag).concat('orders'));
}

/**
 * Sets an order's status as the transition table allows. An order whose parcel exists is
 * cancelled by cancelling the parcel at its courier first (Yalidine deletes a parcel only before
 * it is picked up); when the courier cannot or will not, nothing changes and the owner is told why.
 */
export async function updateOrderStatus(
  db: Database,
  courierOf: CourierOf | null,
  id: number,
  status: OrderStatus,
  author: string,
): Promise<{ order: Order; changed: boolean }> {
  const result = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    if (row.status === status) return null;
    const decision = transition(positionOf(row), status);
    if (decision.ok && decision.effects.cancelParcel) return { kind: 'parcel' as const, row };
    return { kind: 'moved' as const, products: await applyStatus(trx, row, status, new Date().toISOString()) };
  });
  if (result?.kind === 'parcel')
    return cancelWithParcel(db, courierOf ? await courierOf(result.row) : null, result.row, author);
  if (result) await ordersChanged(db, result.products);
  return { order: await getOrder(db, id), changed: result !== null };
}

/**
 * Cancels an order whose parcel exists: the courier is asked to cancel the parcel, outside any
 * transaction (it may take seconds), then the order is cancelled if it still has that parcel.
 */
async function cancelWithParcel(
  db: Database,
  courier: Courier | null,
  row: OrderRow,
  author: string,
): Promise<{ order: Order; changed: boolean }> {
  const tracking = row.tracking_number ?? '';
  const name = courierLabel(row.courier);
  if (!courier || courier.name !== row.courier || !courier.cancelParcel) {
    throw conflict(ORDER_MESSAGES.parcelExists(name, tracking));
  }
  let answer: Awaited<ReturnType<NonNullable<Courier['cancelParcel']>>>;
  try {
    answer = await courier.cancelParcel(tracking);
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    throw new HttpError(503, ORDER_MESSAGES.parcelCancelUnreachable(name, error.message));
  }
  if (answer.kind === 'refused') throw conflict(ORDER_MESSAGES.parcelCancelRefused(name, tracking, answer.message));
  const moved = await inTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const current = await lockOrder(trx, row.id);
    // The parcel is gone at the courier: the order forgets it, whatever its status now.
    await desk.updateOrder(trx, row.id, {
      courier: null,
      tracking_number: null,
      label_url: null,
      courier_status: null,
      courier_status_at: null,
      courier_sent_at: null,
      courier_error: null,
      courier_attention: null,
    });
    await desk.insertEvent(trx, {
      order_id: row.id,
      kind: 'courier',
      detail: `Parcel ${tracking} cancelled at ${name}`,
      author,
      created_at: now,
    });
    if (current.tracking_number !== tracking) return [];
    return applyStatus(trx, current, 'cancelled', now, { parcelCancelled: true });
  });
  await ordersChanged(db, moved);
  return { order: await getOrder(db, row.id), changed: true };
}

/** Changes many orders' status, each in its own transaction; each answers changed or why not. */
export async function bulkStatus(
  db: Database,
  courierOf: CourierOf | null,
  ids: readonly number[],
  status: OrderStatus,
  author: string,
): Promise<BulkStatusResult> {
  const results: BulkStatusResult['results'] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const { changed } = await updateOrderStatus(db, courierOf, id, status, author);
      results.push({ id, ok: true, message: changed ? ORDER_MESSAGES.statusUpdated : ORDER_MESSAGES.statusUnchanged });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ id, ok: false, message: error.messageIn('en') });
    }
  }
  return { results };
}
