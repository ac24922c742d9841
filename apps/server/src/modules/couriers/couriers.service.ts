// Handing approved orders to the courier, and what the courier says back (issue 16).
//
// No order is ever half-sent, and a retry never makes a second parcel: before the courier is
// called, the order is marked as being sent (courier, courier_sent_at; no tracking number) in its
// own transaction. The courier's answer then either completes it (tracking number, label, status
// approved → shipping, an entry in its history, one transaction) or, when refused or never
// reached, clears the mark with the reason. When the answer is lost (a time-out, a failing
// courier) the mark stays with the reason: the next attempt, or the next sync, first asks the
// courier for a parcel with that order's number and only creates one when there is none.
import {
  CUSTOM_ITEM_ON_SLIP,
  courierLabel,
  orderStatusForCourier,
  WEBHOOK_STATUS_EVENT,
  type CourierSendResult,
  type CourierSyncResult,
  type CourierWebhook,
} from '@shop/domain/courier';
import { splitCustomerAddress } from '@shop/domain/order-schemas';
import type { OrderStatus } from '@shop/domain/order-status';
import { toDa } from '@shop/domain/money';
import { amountDueCentimes } from '@shop/domain/order-payments';
import type { Database, OrderRow } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import * as repo from '../orders/orders.repository.ts';
import * as desk from '../orders/order-desk.repository.ts';
import { applyStatus, lockOrder, ordersChanged } from '../orders/order-desk.service.ts';
import {
  CourierError,
  courierTime,
  courierWilaya,
  type Courier,
  type ParcelInfo,
  type ParcelRequest,
  type StopDesk,
} from './courier.ts';
import { wilayaKey } from '@shop/domain/wilaya';

/** Parcels per creation call. */
const PARCELS_PER_CALL = 50;
/** A mark this old without an answer is an attempt that died with its process: it may be retried. */
export const SENDING_STALE_MS = 10 * 60_000;
/** Parcels whose status one sync asks for (the oldest asked first). */
const SYNC_BATCH = 100;

const labelOf = courierLabel;

type Result = CourierSendResult['results'][number];
const failed = (id: number, message: string): Result => ({
  id,
  ok: false,
  message,
  tracking_number: null,
  label_url: null,
});

/**
 * "2× T-shirt (M), 1× Savon", or a custom order's garment in French as the slip names it (the
 * courier prints it on its label); at most 250 characters.
 */
export function productList(row: OrderRow, items: readonly { quantity: number; product_name: string; size: string }[]) {
  const list =
    row.type === 'custom'
      ? `${CUSTOM_ITEM_ON_SLIP} : ${row.clothing_type ?? ''} ${[row.size, row.color].filter(Boolean).join(' ')}`.trim()
      : items.map((i) => `${i.quantity}x ${i.product_name}${i.size ? ` (${i.size})` : ''}`).join(', ');
  return list.length > 250 ? `${list.slice(0, 247)}...` : list;
}

/**
 * The parcel of an order, for a courier of that division. The commune is the one the customer
 * chose; orders placed before communes were asked fall back on their wilaya's name (its chief
 * town's commune). The wilaya is the order's as the courier knows it: a wilaya newer than its
 * division goes as the wilaya it was made from, with the commune (which the courier has under
 * that wilaya). The amount collected is what is left to pay of the order's final total, shipping
 * included (the shop pays the courier's fee), after what was paid in advance (`paidCents`).
 */
export function parcelOf(
  row: OrderRow,
  items: readonly { quantity: number; product_name: string; size: string }[],
  paidCents: number,
  division: string,
): ParcelRequest {
  const [firstname = '', ...rest] = row.customer_name.trim().split(/\s+/);
  const wilaya = courierWilaya(row.wilaya_name, division);
  return {
    orderId: row.id,
    firstname,
    familyname: rest.join(' ') || firstname,
    phone: row.customer_phone,
    address: splitCustomerAddress(row.customer_address).address || row.customer_address,
    commune: row.commune_name ?? row.wilaya_name,
    wilaya: wilaya.name,
    wilayaCode: wilaya.code,
    products: productList(row, items),
    price: toDa(amountDueCentimes(row.final_total_cents, paidCents)),
    stopDesk: row.delivery_type === 'stop_desk',
    stopDeskId: row.stop_desk_id,
    freeShipping: true,
    hasExchange: false,
  };
}

/** What keeps an order from being handed to the courier now, or null. */
function refusalOf(row: OrderRow, now: number): string | null {
  if (row.tracking_number) return `Already sent to ${labelOf(row.courier)} (tracking ${row.tracking_number})`;
  if (row.status !== 'approved') return `Only approved orders can be sent to the courier (this one is ${row.status})`;
  if (row.delivery_type === 'stop_desk' && !row.stop_desk_id)
    return `Stop desk delivery, but the courier has no stop desk in ${row.wilaya_name}`;
  const sending = row.courier_sent_at !== null && row.courier_error === null;
  if (sending && now - Date.parse(row.courier_sent_at ?? '') < SENDING_STALE_MS) {
    return 'Being sent to the courier right now';
  }
  return null;
}

/**
 * Marks an order as being sent, in its own transaction: the mark is in the database before the
 * courier hears of the order. Answers whether an earlier attempt's outcome is unknown (a parcel
 * may exist), or why the order cannot be sent.
 */
async function claim(
  db: Database,
  courier: Courier,
  id: number,
): Promise<{ row: OrderRow; recovering: boolean } | { refused: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findOrder(trx, id, isPostgres(trx));
    if (!row) return { refused: `Order #${id} not found` };
    const now = Date.now();
    const refused = refusalOf(row, now);
    if (refused) return { refused };
    await desk.updateOrder(trx, id, {
      courier: courier.name,
      courier_sent_at: new Date(now).toISOString(),
      courier_error: null,
    });
    return { row, recovering: row.courier_sent_at !== null };
  });
}

/** The parcel exists: the order keeps it and ships, with a line in its history. */
async function completeSent(
  db: Database,
  courier: string,
  id: number,
  parcel: { tracking: string; label: string | null; lastStatus: string | null },
  author: string,
): Promise<void> {
  const moved = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    const now = new Date().toISOString();
    await desk.updateOrder(trx, id, {
      courier,
      tracking_number: parcel.tracking,
      label_url: parcel.label,
      courier_status: parcel.lastStatus,
      courier_error: null,
      courier_synced_at: now,
      updated_at: now,
    });
    // Only an approved order ships; one moved meanwhile (cancelled while it was being sent) keeps
    // its status, and the owner is told a parcel exists for it.
    const products = row.status === 'approved' ? await applyStatus(trx, row, 'shipping', now) : [];
    if (row.status !== 'approved') {
      await desk.updateOrder(trx, id, {
        courier_attention: `A ${labelOf(courier)} parcel (${parcel.tracking}) was made while the order was ${row.status}: cancel the parcel at ${labelOf(courier)} or set the order's status`,
      });
    }
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'courier',
      detail:
        `Sent to ${labelOf(courier)}: tracking ${parcel.tracking}` +
        (row.status === 'approved' ? '' : ` (the order was ${row.status}; its status is unchanged)`),
      author,
      created_at: now,
    });
    return products;
  });
  await ordersChanged(db, moved);
}

/** No parcel was made: the mark is cleared and the reason kept, for the owner to correct and send again. */
async function clearRefused(db: Database, courier: string, id: number, message: string, author: string) {
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await lockOrder(trx, id);
    await desk.updateOrder(trx, id, { courier: null, courier_sent_at: null, courier_error: message });
    await desk.insertEvent(trx, {
      order_id: id,
      kind: 'courier',
      detail: `Not sent to ${labelOf(courier)}: ${message}`,
      author,
      created_at: now,
    });
  });
}

/** The answer was lost: the mark stays, with why; the next attempt asks the courier first. */
async function keepUnknown(db: Database, id: number, message: string) {
  await desk.updateOrder(db, id, { courier_error: `${message}; the parcel may exist: sending again checks first` });
}

/**
 * The storefront asks a stop desk customer for the wilaya and commune, not for the courier's
 * centre: before sending, each such order without a centre gets the courier's centre in its
 * commune, else the first in its wilaya (names compared without case or accents), written on the
 * order with its name and address as the courier gives them (the slip prints them without asking
 * the courier again) and a line in its history. A wilaya where the courier has no centre leaves the order
 * unsent, with the reason (refusalOf).
 */
async function chooseStopDesks(db: Database, courier: Courier, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const waiting = await db
    .selectFrom('orders')
    .select(['id', 'wilaya_name', 'commune_name'])
    .where('id', 'in', [...new Set(ids)])
    .where('delivery_type', '=', 'stop_desk')
    .where('stop_desk_id', 'is', null)
    .where('tracking_number', 'is', null)
    .execute();
  if (waiting.length === 0) return;
  let desks: StopDesk[];
  try {
    desks = await courier.stopDesks();
  } catch (error) {
    if (error instanceof CourierError) return;
    throw error;
  }
  const key = (name: string | null) => (name ? wilayaKey(name) : '');
  for (const order of waiting) {
    // The courier's centres are listed in its own division's wilayas.
    const inWilaya = desks.filter(
      (d) => key(d.wilaya) === key(courierWilaya(order.wilaya_name, courier.division).name),
    );
    const centre = inWilaya.find((d) => key(d.commune) === key(order.commune_name)) ?? inWilaya[0];
    if (!centre) continue;
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .updateTable('orders')
        .set({
          stop_desk_id: centre.id,
          stop_desk_name: centre.name || null,
          stop_desk_address: centre.address || null,
        })
        .where('id', '=', order.id)
        .where('stop_desk_id', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return;
      await desk.insertEvent(trx, {
        order_id: order.id,
        kind: 'courier',
        detail: `Stop desk chosen: ${centre.name} (${centre.commune}, ${labelOf(courier.name)} centre ${centre.id})`,
        author: null,
        created_at: new Date().toISOString(),
      });
    });
  }
}

/**
 * Sends approved orders to the courier, each answered on its own: sent (tracking number and
 * label), or why not. Orders whose earlier attempt's outcome is unknown are looked for at the
 * courier first; the others are created in calls of PARCELS_PER_CALL.
 */
export async function sendOrders(
  db: Database,
  courier: Courier,
  ids: readonly number[],
  author: string,
): Promise<CourierSendResult> {
  const results = new Map<number, Result>();
  const toCreate: { row: OrderRow; parcel: ParcelRequest }[] = [];
  await chooseStopDesks(db, courier, ids);
  for (const id of [...new Set(ids)]) {
    const outcome = await claim(db, courier, id);
    if ('refused' in outcome) {
      results.set(id, failed(id, outcome.refused));
      continue;
    }
    if (outcome.recovering) {
      let found: ParcelInfo | null;
      try {
        found = await courier.findParcelByOrder(id);
      } catch (error) {
        if (!(error instanceof CourierError)) throw error;
        await keepUnknown(db, id, `Could not check ${labelOf(courier.name)} for this order's parcel: ${error.message}`);
        results.set(id, failed(id, error.message));
        continue;
      }
      if (found) {
        await completeSent(db, courier.name, id, found, author);
        results.set(id, {
          id,
          ok: true,
          message: `Already at ${labelOf(courier.name)}: tracking ${found.tracking}`,
          tracking_number: found.tracking,
          label_url: found.label,
        });
        continue;
      }
    }
    const [items, payments] = await Promise.all([repo.findItemsOf(db, [id]), repo.findPaymentsOf(db, [id])]);
    const paid = payments.reduce((sum, p) => sum + Number(p.amount_cents), 0);
    toCreate.push({ row: outcome.row, parcel: parcelOf(outcome.row, items, paid, courier.division) });
  }

  for (let start = 0; start < toCreate.length; start += PARCELS_PER_CALL) {
    const chunk = toCreate.slice(start, start + PARCELS_PER_CALL);
    let outcomes: Awaited<ReturnType<Courier['createParcels']>>;
    try {
      outcomes = await courier.createParcels(chunk.map((c) => c.parcel));
    } catch (error) {
      if (!(error instanceof CourierError)) {
        // A bug of ours after the call may have left parcels: keep every mark, ask on retry.
        for (const { row } of chunk) await keepUnknown(db, row.id, 'Unexpected error while sending');
        throw error;
      }
      for (const { row } of chunk) {
        if (error.sent) await keepUnknown(db, row.id, error.message);
        else await clearRefused(db, courier.name, row.id, error.message, author);
        results.set(row.id, failed(row.id, error.message));
      }
      continue;
    }
    for (const { row } of chunk) {
      const outcome = outcomes.get(row.id);
      if (outcome?.kind === 'created') {
        await completeSent(db, courier.name, row.id, { ...outcome, lastStatus: null }, author);
        results.set(row.id, {
          id: row.id,
          ok: true,
          message: `Sent to ${labelOf(courier.name)}: tracking ${outcome.tracking}`,
          tracking_number: outcome.tracking,
          label_url: outcome.label,
        });
      } else if (outcome?.kind === 'refused') {
        await clearRefused(db, courier.name, row.id, outcome.message, author);
        results.set(row.id, failed(row.id, outcome.message));
      } else {
        const message = `${labelOf(courier.name)}'s answer did not mention this order`;
        await keepUnknown(db, row.id, message);
        results.set(row.id, failed(row.id, message));
      }
    }
  }
  return { results: [...new Set(ids)].map((id) => results.get(id) ?? failed(id, 'Not sent')) };
}

/**
 * What a courier's status means for an order whose status says otherwise: the courier moved the
 * parcel somewhere (delivered, returned, cancelled) the shop did not expect, e.g. "delivered" for
 * an order the shop cancelled. Null when they agree or the status says nothing we know.
 */
export function contradiction(row: Pick<OrderRow, 'status' | 'courier'>, courierStatus: string): string | null {
  const target = orderStatusForCourier(courierStatus);
  if (target === null || target === 'shipping' || row.status === 'shipping' || row.status === target) return null;
  return `${labelOf(row.courier)} says "${courierStatus}" (${target}) but the order is ${row.status}: check the parcel and set the order's status`;
}

/**
 * A courier status for an order: kept, written to its history when it changed, and the order
 * moved when the status means something and the order is on its way (shipping): delivered →
 * successful, returned, cancelled. An order the owner moved elsewhere is not moved back, but
 * what the courier said is never dropped: the order is flagged for the owner (courier_attention)
 * with a line in its history. A status the courier dates (`at`, its clock) before the one the
 * order has is ignored: events arrive out of order, and again when the courier retries.
 */
export async function applyCourierStatus(
  db: Database,
  id: number,
  courierStatus: string,
  author: string,
  at: string | null = null,
): Promise<{ changed: boolean; moved: boolean }> {
  const outcome = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    const now = new Date().toISOString();
    if (at !== null && row.courier_status_at !== null && at < row.courier_status_at) {
      return { changed: false, moved: false, products: [] };
    }
    const changed = row.courier_status !== courierStatus;
    const target: OrderStatus | null = orderStatusForCourier(courierStatus);
    const moves = target !== null && target !== 'shipping' && row.status === 'shipping';
    const attention = changed ? contradiction(row, courierStatus) : null;
    await desk.updateOrder(trx, id, {
      courier_status: courierStatus,
      courier_synced_at: now,
      ...(at !== null ? { courier_status_at: at } : {}),
      ...(attention ? { courier_attention: attention } : {}),
    });
    const products = moves ? await applyStatus(trx, row, target, now) : [];
    if (changed || moves) {
      await desk.insertEvent(trx, {
        order_id: id,
        kind: 'courier',
        detail:
          `${labelOf(row.courier)}: ${courierStatus}` +
          (moves ? ` (order ${target})` : attention ? ` (the order is ${row.status}: flagged for a check)` : ''),
        author,
        created_at: now,
      });
      if (!moves) await desk.updateOrder(trx, id, { updated_at: now });
    }
    return { changed, moved: moves, products };
  });
  if (outcome.moved) await ordersChanged(db, outcome.products);
  return { changed: outcome.changed, moved: outcome.moved };
}

/**
 * Asks the courier what became of its parcels: first the orders whose creation answer was lost
 * (found → completed; not there → the mark cleared, to be sent again), then the status of the
 * parcels on their way, oldest asked first. Stops at the first call the courier cannot take
 * (quota used up, unreachable), saying why.
 */
export async function syncStatuses(
  db: Database,
  courier: Courier,
  author = 'courier sync',
  /** False once this run may no longer go on (its lease lost): it stops before its next call. */
  mayGoOn: () => boolean = () => true,
): Promise<CourierSyncResult> {
  const LOST = 'The sync lease was lost (another process may be syncing): stopped';
  const result: CourierSyncResult = { checked: 0, updated: 0, moved: 0, recovered: 0, stopped: null };
  const staleBefore = new Date(Date.now() - SENDING_STALE_MS).toISOString();
  const unknown = await db
    .selectFrom('orders')
    .select('id')
    .where('courier', '=', courier.name)
    .where('tracking_number', 'is', null)
    .where('courier_sent_at', 'is not', null)
    .where((eb) => eb.or([eb('courier_error', 'is not', null), eb('courier_sent_at', '<', staleBefore)]))
    .orderBy('id')
    .limit(SYNC_BATCH)
    .execute();
  try {
    for (const { id } of unknown) {
      if (!mayGoOn()) {
        result.stopped = LOST;
        return result;
      }
      const found = await courier.findParcelByOrder(id);
      result.recovered++;
      if (found) {
        await completeSent(db, courier.name, id, found, author);
        continue;
      }
      // Cleared only if still unanswered: a send that completed meanwhile keeps its parcel.
      await db
        .updateTable('orders')
        .set({
          courier: null,
          courier_sent_at: null,
          courier_error: `${labelOf(courier.name)} has no parcel for this order: send it again`,
        })
        .where('id', '=', id)
        .where('tracking_number', 'is', null)
        .execute();
    }
    const parcels = await db
      .selectFrom('orders')
      .select(['id', 'tracking_number'])
      .where('courier', '=', courier.name)
      .where('status', '=', 'shipping')
      .where('tracking_number', 'is not', null)
      .orderBy('courier_synced_at')
      .orderBy('id')
      .limit(SYNC_BATCH)
      .execute();
    for (const { id, tracking_number } of parcels) {
      if (!tracking_number) continue;
      if (!mayGoOn()) {
        result.stopped = LOST;
        return result;
      }
      const status = await courier.parcelStatus(tracking_number);
      result.checked++;
      if (status === null) continue;
      const applied = await applyCourierStatus(db, id, status.status, author, status.at);
      if (applied.changed) result.updated++;
      if (applied.moved) result.moved++;
    }
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    result.stopped = error.message;
  }
  return result;
}

/**
 * The courier's pushed events (webhook). Only status events are applied: each tracking number's
 * order gets its status, the events of one call taken in the order they happened (occurred_at),
 * since Yalidine does not promise to send them in order. A tracking number no order has is
 * ignored (the courier sends every parcel of the account), and an event sent again changes
 * nothing (the order already has that status).
 */
export async function receiveEvents(
  db: Database,
  webhook: CourierWebhook,
): Promise<{ received: number; updated: number }> {
  const received = webhook.events.length;
  if (webhook.type !== WEBHOOK_STATUS_EVENT) return { received, updated: 0 };
  const statuses = webhook.events
    .map((event, index) => ({
      tracking: typeof event.data.tracking === 'string' ? event.data.tracking.trim() : '',
      status: typeof event.data.status === 'string' ? event.data.status.trim() : '',
      at: courierTime(event.occurred_at),
      index,
    }))
    .filter((e) => e.tracking !== '' && e.tracking.length <= 100 && e.status !== '' && e.status.length <= 200)
    .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '') || a.index - b.index);
  let updated = 0;
  for (const { tracking, status, at } of statuses) {
    const order = await db.selectFrom('orders').select('id').where('tracking_number', '=', tracking).executeTakeFirst();
    if (!order) continue;
    const applied = await applyCourierStatus(db, order.id, status, 'courier webhook', at);
    if (applied.changed || applied.moved) updated++;
  }
  return { received, updated };
}
