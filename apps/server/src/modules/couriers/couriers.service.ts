// Handing approved orders to their couriers, and what the couriers say back.
//
// Each order goes to its courier account: the one the owner chose for it, else the routing table's
// for its wilaya and delivery type (courier-accounts.service.ts). No order is ever half-sent, and a
// retry never makes a second parcel: before the courier is called, the order is marked as being
// sent (courier, account, courier_sent_at; no tracking number) in its own transaction. The
// courier's answer then either completes it (tracking number, label, status approved → shipping,
// the parcel's money row, an entry in its history, one transaction) or, when refused or never
// reached, clears the mark with the reason. When the answer is lost (a time-out, a failing
// courier) the mark stays with the reason: the next attempt, or the next sync, first asks the
// courier for a parcel with that order's reference and only creates one when there is none (a
// courier that cannot be searched refuses a second parcel for one reference instead).
import {
  CUSTOM_ITEM_ON_SLIP,
  courierLabel,
  type CourierSendResult,
  type CourierSyncResult,
  type CourierWebhook,
  WEBHOOK_STATUS_EVENT,
} from '@shop/domain/courier';
import { courierStatusMeaning, orderStatusForCourier, YALIDINE_PAID } from '@shop/domain/courier-statuses';
import type { CourierHandOverResult } from '@shop/domain/courier-accounts';
import { splitCustomerAddress } from '@shop/domain/order-schemas';
import type { OrderStatus } from '@shop/domain/order-status';
import { toCentimes, toDa } from '@shop/domain/money';
import { amountDueCentimes } from '@shop/domain/order-payments';
import { wilayaKey } from '@shop/domain/wilaya';
import type { Database, Executor, OrderRow } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import * as ordersService from '../orders/orders-public.service.ts';
import { applyStatus, lockOrder, ordersChanged } from '../orders/orders-public.service.ts';
import type { CourierRegistry } from './courier-accounts.service.ts';
import {
  CourierError,
  courierTime,
  courierWilaya,
  type Courier,
  type ParcelFees,
  type ParcelInfo,
  type ParcelRequest,
  type ParcelStatus,
  type StopDesk,
} from './courier.ts';
import {
  clearSendingMarkIfUnsent,
  findOrderByTracking,
  findOrderCourierChoice,
  findOrderParcel,
  findOrdersSentWithoutAnswer,
  findOrdersWithoutStopDesk,
  findParcel,
  findParcelsToFollow,
  insertEventOnce,
  saveNewParcel,
  setStopDeskIfNone,
  updateParcel,
} from './couriers.repository.ts';
import { findAccountActive } from './courier-accounts.repository.ts';

/** Parcels per creation call. */
const PARCELS_PER_CALL = 50;
/** A mark this old without an answer is an attempt that died with its process: it may be retried. */
export const SENDING_STALE_MS = 10 * 60_000;
/** A delivered parcel is asked for until the courier says it paid, this many days at most. */
const PAYMENT_WATCH_DAYS = 60;
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

/** An order line as a parcel lists it: its product's name, its colour ('' none) and size key. */
type ParcelItem = { quantity: number; product_name: string; size: string; color?: string | null };

/**
 * "2× T-shirt (M), 1× Savon", a line in a colour as "1x Robe été — Rouge / M" (orderLineText,
 * ADR 036), or a custom order's garment in French as the slip names it (the
 * courier prints it on its label); at most 250 characters.
 */
export function productList(row: OrderRow, items: readonly ParcelItem[]) {
  const list =
    row.type === 'custom'
      ? `${CUSTOM_ITEM_ON_SLIP} : ${row.clothing_type ?? ''} ${[row.size, row.color].filter(Boolean).join(' ')}`.trim()
      : items.map((i) => `${i.quantity}x ${ordersService.orderLineText(i)}`).join(', ');
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
  items: readonly ParcelItem[],
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

/** The account and courier an order is sent through. */
interface Via {
  accountId: number;
  courier: Courier;
}

/**
 * Marks an order as being sent, in its own transaction: the mark is in the database before the
 * courier hears of the order. Answers whether an earlier attempt's outcome is unknown (a parcel
 * may exist), or why the order cannot be sent.
 */
async function claim(
  db: Database,
  via: Via,
  id: number,
): Promise<{ row: OrderRow; recovering: boolean } | { refused: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await ordersService.findOrder(trx, id, isPostgres(trx));
    if (!row) return { refused: `Order #${id} not found` };
    const now = Date.now();
    const refused = refusalOf(row, now);
    if (refused) return { refused };
    // An earlier attempt through another account whose outcome is unknown stays with that account.
    if (row.courier_sent_at !== null && row.courier_account_id !== null && row.courier_account_id !== via.accountId) {
      return {
        refused: 'An earlier attempt through another courier account may have made a parcel: sync or attach it first',
      };
    }
    await ordersService.updateOrder(trx, id, {
      courier: via.courier.name,
      courier_account_id: via.accountId,
      courier_sent_at: new Date(now).toISOString(),
      courier_error: null,
    });
    return { row, recovering: row.courier_sent_at !== null };
  });
}

/** What the courier charges for the parcel, if it can say (never holds up the sending). */
async function feesOf(courier: Courier, parcel: ParcelRequest): Promise<ParcelFees | null> {
  if (!courier.parcelFees || parcel.wilayaCode === null) return null;
  try {
    return await courier.parcelFees({
      wilayaCode: parcel.wilayaCode,
      commune: parcel.commune,
      stopDesk: parcel.stopDesk,
    });
  } catch (error) {
    if (error instanceof CourierError) return null;
    throw error;
  }
}

const cents = (da: number | null | undefined) => (da === null || da === undefined ? null : toCentimes(da));

/** The parcel's money row: written once when the parcel is known, its fees filled when learned. */
async function recordParcel(
  trx: Executor,
  row: OrderRow,
  accountId: number,
  tracking: string,
  fees: ParcelFees | null,
  now: string,
): Promise<void> {
  const payments = await ordersService.findPaymentsOf(trx, [row.id]);
  const paid = payments.reduce((sum, p) => sum + Number(p.amount_cents), 0);
  await saveNewParcel(trx, {
    order_id: row.id,
    account_id: accountId,
    tracking,
    amount_cents: amountDueCentimes(row.final_total_cents, paid),
    delivery_fee_cents: cents(fees?.delivery),
    return_fee_cents: cents(fees?.return),
    phase: 'created',
    created_at: now,
    status_changed_at: now,
  });
}

/** The parcel exists: the order keeps it and ships, with a line in its history. */
async function completeSent(
  db: Database,
  via: Via,
  id: number,
  parcel: { tracking: string; label: string | null; lastStatus: string | null },
  author: string,
  fees: ParcelFees | null = null,
): Promise<void> {
  const courier = via.courier.name;
  const moved = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    const now = new Date().toISOString();
    await ordersService.updateOrder(trx, id, {
      courier,
      courier_account_id: via.accountId,
      tracking_number: parcel.tracking,
      label_url: parcel.label,
      courier_status: parcel.lastStatus,
      courier_error: null,
      courier_synced_at: now,
      updated_at: now,
    });
    await recordParcel(trx, row, via.accountId, parcel.tracking, fees, now);
    // Only an approved order ships; one moved meanwhile (cancelled while it was being sent) keeps
    // its status, and the owner is told a parcel exists for it.
    const products = row.status === 'approved' ? await applyStatus(trx, row, 'shipping', now) : [];
    if (row.status !== 'approved') {
      await ordersService.updateOrder(trx, id, {
        courier_attention: `A ${labelOf(courier)} parcel (${parcel.tracking}) was made while the order was ${row.status}: cancel the parcel at ${labelOf(courier)} or set the order's status`,
      });
    }
    await ordersService.insertEvent(trx, {
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
    const row = await lockOrder(trx, id);
    await ordersService.updateOrder(trx, id, {
      courier: null,
      // The owner's choice of account stays; a routed one is routed again next time.
      ...(row.courier_account_chosen === 1 ? {} : { courier_account_id: null }),
      courier_sent_at: null,
      courier_error: message,
    });
    await ordersService.insertEvent(trx, {
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
  await ordersService.updateOrder(db, id, {
    courier_error: `${message}; the parcel may exist: sending again checks first`,
  });
}

/** Hands a parcel over (validation), keeping the outcome on its money row; the message to show. */
async function handOverParcel(
  db: Database,
  courier: Courier,
  orderId: number,
  tracking: string,
): Promise<{ ok: boolean; message: string }> {
  if (!courier.handOver) return { ok: true, message: `${labelOf(courier.name)} takes parcels without a validation` };
  let outcome: Awaited<ReturnType<NonNullable<Courier['handOver']>>>;
  try {
    outcome = await courier.handOver(tracking);
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    outcome = { kind: 'refused', message: error.message };
  }
  const now = new Date().toISOString();
  if (outcome.kind === 'done') {
    await updateParcel(db, orderId, { handed_over_at: now, hand_over_error: null });
    await ordersService.insertEvent(db, {
      order_id: orderId,
      kind: 'courier',
      detail: `Parcel ${tracking} validated at ${labelOf(courier.name)} (handed over)`,
      author: null,
      created_at: now,
    });
    return { ok: true, message: `Handed over to ${labelOf(courier.name)}` };
  }
  await updateParcel(db, orderId, { hand_over_error: outcome.message });
  return { ok: false, message: `Not validated at ${labelOf(courier.name)}: ${outcome.message}` };
}

/**
 * The storefront asks a stop desk customer for the wilaya and commune, not for the courier's
 * centre: before sending, each such order without a centre gets the courier's centre in its
 * commune, else the first in its wilaya (names compared without case or accents), written on the
 * order with its name and address as the courier gives them (the slip prints them without asking
 * the courier again) and a line in its history. A wilaya where the courier has no centre leaves the
 * order unsent, with the reason (refusalOf).
 */
async function chooseStopDesks(db: Database, courier: Courier, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const waiting = await findOrdersWithoutStopDesk(db, [...new Set(ids)]);
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
      const taken = await setStopDeskIfNone(trx, order.id, {
        id: centre.id,
        name: centre.name || null,
        address: centre.address || null,
      });
      if (!taken) return;
      await ordersService.insertEvent(trx, {
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
 * Sends approved orders, each to its courier account, each answered on its own: sent (tracking
 * number and label), or why not.
 */
export async function sendOrders(
  db: Database,
  registry: CourierRegistry,
  ids: readonly number[],
  author: string,
): Promise<CourierSendResult> {
  const unique = [...new Set(ids)];
  const results = new Map<number, Result>();
  const groups = new Map<number, number[]>();
  const rows = unique.length > 0 ? await ordersService.findOrdersIn(db, unique) : [];
  const accountFor = await registry.router();
  for (const id of unique) {
    const row = rows.find((r) => r.id === id);
    if (!row) {
      results.set(id, failed(id, `Order #${id} not found`));
      continue;
    }
    const accountId = row.tracking_number ? null : await accountFor(row);
    if (row.tracking_number) {
      results.set(id, failed(id, `Already sent to ${labelOf(row.courier)} (tracking ${row.tracking_number})`));
    } else if (accountId === null) {
      results.set(
        id,
        failed(
          id,
          `No courier account takes orders of ${row.wilaya_name}: route it in Settings → Couriers, or choose one for this order`,
        ),
      );
    } else {
      groups.set(accountId, [...(groups.get(accountId) ?? []), id]);
    }
  }
  for (const [accountId, group] of groups) {
    const courier = await registry.forAccount(accountId);
    if (!courier) {
      for (const id of group)
        results.set(id, failed(id, `Courier account #${accountId} is off or its credentials are incomplete`));
      continue;
    }
    for (const result of (await sendThrough(db, { accountId, courier }, group, author)).results)
      results.set(result.id, result);
  }
  return { results: unique.map((id) => results.get(id) ?? failed(id, 'Not sent')) };
}

/**
 * Sends orders through one account. Orders whose earlier attempt's outcome is unknown are looked
 * for at the courier first; the others are created in calls of PARCELS_PER_CALL. A courier that
 * asks for it has each new parcel handed over (validated) at once.
 */
export async function sendThrough(
  db: Database,
  via: Via,
  ids: readonly number[],
  author: string,
): Promise<CourierSendResult> {
  const { courier } = via;
  const results = new Map<number, Result>();
  const toCreate: { row: OrderRow; parcel: ParcelRequest }[] = [];
  await chooseStopDesks(db, courier, ids);
  for (const id of [...new Set(ids)]) {
    const outcome = await claim(db, via, id);
    if ('refused' in outcome) {
      results.set(id, failed(id, outcome.refused));
      continue;
    }
    if (outcome.recovering && courier.findParcelByOrder) {
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
        await completeSent(db, via, id, found, author);
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
    const [items, payments] = await Promise.all([
      ordersService.findItemsOf(db, [id]),
      ordersService.findPaymentsOf(db, [id]),
    ]);
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
    for (const { row, parcel } of chunk) {
      const outcome = outcomes.get(row.id);
      if (outcome?.kind === 'created') {
        await completeSent(db, via, row.id, { ...outcome, lastStatus: null }, author, await feesOf(courier, parcel));
        let message = `Sent to ${labelOf(courier.name)}: tracking ${outcome.tracking}`;
        if (courier.handOver && courier.handOverOnCreate) {
          message += `; ${(await handOverParcel(db, courier, row.id, outcome.tracking)).message}`;
        }
        results.set(row.id, {
          id: row.id,
          ok: true,
          message,
          tracking_number: outcome.tracking,
          label_url: outcome.label,
        });
      } else if (outcome?.kind === 'refused') {
        await clearRefused(db, courier.name, row.id, outcome.message, author);
        results.set(row.id, failed(row.id, outcome.message));
      } else {
        const message = outcome?.message ?? `${labelOf(courier.name)}'s answer did not mention this order`;
        await keepUnknown(db, row.id, message);
        results.set(row.id, failed(row.id, message));
      }
    }
  }
  return { results: [...new Set(ids)].map((id) => results.get(id) ?? failed(id, 'Not sent')) };
}

/** Validates parcels at their couriers (the hand-over step), each answered on its own. */
export async function handOverOrders(
  db: Database,
  registry: CourierRegistry,
  ids: readonly number[],
): Promise<CourierHandOverResult> {
  const results: CourierHandOverResult['results'] = [];
  for (const id of [...new Set(ids)]) {
    const row = await findOrderParcel(db, id);
    if (!row) {
      results.push({ id, ok: false, message: `Order #${id} not found` });
      continue;
    }
    if (!row.tracking_number || row.courier_account_id === null) {
      results.push({ id, ok: false, message: 'This order has no parcel yet: send it first' });
      continue;
    }
    if (row.handed_over_at) {
      results.push({ id, ok: true, message: `Already handed over to ${labelOf(row.courier)}` });
      continue;
    }
    const courier = await registry.forAccount(row.courier_account_id);
    if (!courier) {
      results.push({ id, ok: false, message: 'Its courier account is off or its credentials are incomplete' });
      continue;
    }
    results.push({ id, ...(await handOverParcel(db, courier, id, row.tracking_number)) });
  }
  return { results };
}

/**
 * A parcel the courier made while its answer was lost (a courier that cannot be searched by
 * reference), attached by the tracking number the owner read in the courier's dashboard: the
 * courier is asked for it, and it must carry this order's reference.
 */
export async function attachParcel(
  db: Database,
  registry: CourierRegistry,
  orderId: number,
  tracking: string,
  author: string,
) {
  const row = await ordersService.findOrder(db, orderId);
  if (!row) throw notFound(`Order #${orderId} not found`);
  if (row.tracking_number) throw conflict(`Already sent to ${labelOf(row.courier)} (tracking ${row.tracking_number})`);
  if (row.courier_sent_at === null || row.courier_account_id === null) {
    throw conflict('This order is not waiting for a lost answer: send it instead');
  }
  const courier = await registry.forAccount(row.courier_account_id);
  if (!courier?.parcelByTracking) throw conflict('Its courier account cannot look parcels up');
  let found: ParcelInfo | null;
  try {
    found = await courier.parcelByTracking(tracking);
  } catch (error) {
    if (error instanceof CourierError) throw conflict(`${labelOf(courier.name)} could not be asked: ${error.message}`);
    throw error;
  }
  if (!found) throw conflict(`${labelOf(courier.name)} has no parcel ${tracking}`);
  if (found.orderId !== String(orderId)) {
    throw conflict(`Parcel ${tracking} is not this order's (its reference names order ${found.orderId || 'none'})`);
  }
  const via = { accountId: row.courier_account_id, courier };
  await completeSent(db, via, orderId, found, author);
  if (courier.handOver && courier.handOverOnCreate) await handOverParcel(db, courier, orderId, found.tracking);
}

/**
 * Chooses the courier account of one order (null: the routing table's), against the one the owner
 * saw (`previous`): 400 for an account missing or off, 409 once the order is being sent or sent,
 * or when its account was changed meanwhile (with the one it has now). Answers the account kept.
 */
export async function chooseOrderAccount(
  db: Database,
  orderId: number,
  accountId: number | null,
  previous: number | null,
  author: string,
): Promise<number | null> {
  if (accountId !== null) {
    const account = await findAccountActive(db, accountId);
    if (!account) throw badRequest(`Courier account #${accountId} does not exist`);
    if (account.active !== 1) throw badRequest('This courier account is off');
  }
  const done = await db.transaction().execute(async (trx) => {
    const row = await findOrderCourierChoice(trx, orderId);
    if (!row) throw notFound(`Order #${orderId} not found`);
    if (row.tracking_number !== null || row.courier_sent_at !== null)
      throw conflict('This order is with its courier already: its account cannot change');
    const current = row.courier_account_chosen === 1 ? row.courier_account_id : null;
    if (current !== previous)
      throw conflict('The courier of this order was changed meanwhile', { courier_account_id: current });
    await ordersService.updateOrder(trx, orderId, {
      courier_account_id: accountId,
      courier_account_chosen: accountId === null ? 0 : 1,
      courier_error: null,
    });
    return accountId;
  });
  await ordersService.insertEvent(db, {
    order_id: orderId,
    kind: 'courier',
    detail: done === null ? 'Courier account: the routing table decides' : `Courier account chosen: #${done}`,
    author,
    created_at: new Date().toISOString(),
  });
  return done;
}

/**
 * What a courier's status means for an order whose status says otherwise: the courier moved the
 * parcel somewhere (delivered, returned, cancelled) the shop did not expect, e.g. "delivered" for
 * an order the shop cancelled. Null when they agree or the status says nothing we know.
 */
export function contradiction(row: Pick<OrderRow, 'status' | 'courier'>, courierStatus: string): string | null {
  const target = orderStatusForCourier(courierStatus, row.courier);
  if (target === null || target === 'shipping' || row.status === 'shipping' || row.status === target) return null;
  return `${labelOf(row.courier)} says "${courierStatus}" (${target}) but the order is ${row.status}: check the parcel and set the order's status`;
}

/** What else a courier said of a parcel beside its status: whether it paid the shop, its fees. */
export interface StatusExtras {
  payment?: ParcelStatus['payment'];
  fees?: ParcelStatus['fees'];
}

/**
 * The parcel's money row follows what the courier says: where the parcel is (and since when it
 * has not moved, and when it was delivered or came back), whether the courier paid the shop for
 * it, and the fees it charges when it says them.
 */
async function followParcel(
  trx: Executor,
  row: OrderRow,
  courierStatus: string,
  changed: boolean,
  extras: StatusExtras,
  now: string,
) {
  const meaning = courierStatusMeaning(row.courier, courierStatus);
  const parcel = await findParcel(trx, row.id);
  if (!parcel || parcel.tracking !== row.tracking_number) return;
  const paid = meaning?.paid === true || extras.payment?.paid === true;
  const phase = meaning?.phase ?? parcel.phase;
  await updateParcel(trx, row.id, {
    phase,
    ...(changed ? { status_changed_at: now } : {}),
    ...((phase === 'delivered' || phase === 'returned') && parcel.outcome_at === null ? { outcome_at: now } : {}),
    ...(extras.payment ? { payment_status: extras.payment.status } : {}),
    ...(paid && parcel.remitted_at === null
      ? { remitted_at: now, ...(extras.payment?.reference ? { remittance_ref: extras.payment.reference } : {}) }
      : {}),
    ...(extras.fees?.delivery != null ? { delivery_fee_cents: toCentimes(extras.fees.delivery) } : {}),
    ...(extras.fees?.return != null ? { return_fee_cents: toCentimes(extras.fees.return) } : {}),
  });
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
  extras: StatusExtras = {},
): Promise<{ changed: boolean; moved: boolean }> {
  const outcome = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, id);
    const now = new Date().toISOString();
    if (at !== null && row.courier_status_at !== null && at < row.courier_status_at) {
      return { changed: false, moved: false, products: [] };
    }
    const changed = row.courier_status !== courierStatus;
    const target: OrderStatus | null = orderStatusForCourier(courierStatus, row.courier);
    const moves = target !== null && target !== 'shipping' && row.status === 'shipping';
    const attention = changed ? contradiction(row, courierStatus) : null;
    await ordersService.updateOrder(trx, id, {
      courier_status: courierStatus,
      courier_synced_at: now,
      ...(at !== null ? { courier_status_at: at } : {}),
      ...(attention ? { courier_attention: attention } : {}),
    });
    await followParcel(trx, row, courierStatus, changed, extras, now);
    const products = moves ? await applyStatus(trx, row, target, now) : [];
    if (changed || moves) {
      const known = courierStatusMeaning(row.courier, courierStatus) !== null;
      await ordersService.insertEvent(trx, {
        order_id: id,
        kind: 'courier',
        detail:
          `${labelOf(row.courier)}: ${courierStatus}` +
          (moves
            ? ` (order ${target})`
            : attention
              ? ` (the order is ${row.status}: flagged for a check)`
              : known
                ? ''
                : ' (a status the shop does not know: the order stays as it is)'),
        author,
        created_at: now,
      });
      if (!moves) await ordersService.updateOrder(trx, id, { updated_at: now });
    }
    return { changed, moved: moves, products };
  });
  if (outcome.moved) await ordersChanged(db, outcome.products);
  return { changed: outcome.changed, moved: outcome.moved };
}

/** A courier's payment news of a parcel (Yalidine's parcel_payment_updated). */
async function applyPayment(db: Database, orderId: number, status: string, reference: string | null, paid: boolean) {
  const now = new Date().toISOString();
  const parcel = await findParcel(db, orderId);
  if (!parcel) return false;
  await updateParcel(db, orderId, {
    payment_status: status,
    ...(paid && parcel.remitted_at === null ? { remitted_at: now, remittance_ref: reference } : {}),
  });
  return true;
}

/**
 * Asks the account's courier what became of its parcels: first the orders whose creation answer
 * was lost (found → completed; not there → the mark cleared, to be sent again), then the status of
 * the parcels on their way, oldest asked first (by the hundred when the courier allows it). Stops
 * at the first call the courier cannot take (quota used up, unreachable), saying why.
 */
export async function syncStatuses(
  db: Database,
  via: Via,
  author = 'courier sync',
  /** False once this run may no longer go on (its lease lost): it stops before its next call. */
  mayGoOn: () => boolean = () => true,
): Promise<CourierSyncResult> {
  const { courier, accountId } = via;
  const LOST = 'The sync lease was lost (another process may be syncing): stopped';
  const result: CourierSyncResult = { checked: 0, updated: 0, moved: 0, recovered: 0, stopped: null };
  const staleBefore = new Date(Date.now() - SENDING_STALE_MS).toISOString();
  const unknown = courier.findParcelByOrder
    ? await findOrdersSentWithoutAnswer(db, accountId, staleBefore, SYNC_BATCH)
    : [];
  const apply = async (id: number, status: ParcelStatus) => {
    const applied = await applyCourierStatus(db, id, status.status, author, status.at, {
      ...(status.payment ? { payment: status.payment } : {}),
      ...(status.fees ? { fees: status.fees } : {}),
    });
    if (applied.changed) result.updated++;
    if (applied.moved) result.moved++;
  };
  try {
    for (const { id } of unknown) {
      if (!mayGoOn()) {
        result.stopped = LOST;
        return result;
      }
      const found = await courier.findParcelByOrder!(id);
      result.recovered++;
      if (found) {
        await completeSent(db, via, id, found, author);
        continue;
      }
      // Cleared only if still unanswered: a send that completed meanwhile keeps its parcel.
      await clearSendingMarkIfUnsent(db, id, `${labelOf(courier.name)} has no parcel for this order: send it again`);
    }
    // Parcels on their way, and delivered ones the courier has not said it paid for yet (its
    // payment shows in its status or its payment field), delivered in the last PAYMENT_WATCH_DAYS.
    const watchSince = new Date(Date.now() - PAYMENT_WATCH_DAYS * 86_400_000).toISOString();
    const parcels = await findParcelsToFollow(db, accountId, watchSince, SYNC_BATCH);
    const batch = courier.parcelStatuses ? (courier.statusBatch ?? SYNC_BATCH) : 1;
    for (let start = 0; start < parcels.length; start += batch) {
      if (!mayGoOn()) {
        result.stopped = LOST;
        return result;
      }
      const chunk = parcels
        .slice(start, start + batch)
        .filter((p): p is { id: number; tracking_number: string } => p.tracking_number !== null);
      if (courier.parcelStatuses) {
        const statuses = await courier.parcelStatuses(chunk.map((p) => p.tracking_number));
        result.checked += chunk.length;
        for (const p of chunk) {
          const status = statuses.get(p.tracking_number);
          if (status) await apply(p.id, status);
        }
        continue;
      }
      for (const p of chunk) {
        const status = await courier.parcelStatus(p.tracking_number);
        result.checked++;
        if (status) await apply(p.id, status);
      }
    }
  } catch (error) {
    if (!(error instanceof CourierError)) throw error;
    result.stopped = error.message;
  }
  return result;
}

/** Records an event as applied; false when it was applied already (a courier sends events again). */
export async function firstTimeSeen(db: Database, accountId: number, eventId: string): Promise<boolean> {
  return insertEventOnce(db, {
    account_id: accountId,
    event_id: eventId.slice(0, 200),
    received_at: new Date().toISOString(),
  });
}

/** The order of a tracking number at an account (or at Yalidine before accounts). */
const orderOfTracking = findOrderByTracking;

/**
 * Yalidine's pushed events (webhook). Status events move the orders: each tracking number's order
 * gets its status, the events of one call taken in the order they happened (occurred_at), since
 * Yalidine does not promise to send them in order. Payment events (parcel_payment_updated, its
 * status "payed" once Yalidine paid the shop) mark the parcel paid. A tracking number no order has
 * is ignored (the courier sends every parcel of the account), and an event sent again (its
 * event_id seen) changes nothing.
 */
export async function receiveEvents(
  db: Database,
  webhook: CourierWebhook,
  accountId: number | null,
): Promise<{ received: number; updated: number }> {
  const received = webhook.events.length;
  const events = webhook.events
    .map((event, index) => ({
      id: event.event_id === undefined ? null : String(event.event_id),
      tracking: typeof event.data.tracking === 'string' ? event.data.tracking.trim() : '',
      status: typeof event.data.status === 'string' ? event.data.status.trim() : '',
      paymentId:
        typeof event.data.payment_id === 'string' || typeof event.data.payment_id === 'number'
          ? String(event.data.payment_id)
          : null,
      at: courierTime(event.occurred_at),
      index,
    }))
    .filter((e) => e.tracking !== '' && e.tracking.length <= 100 && e.status !== '' && e.status.length <= 200)
    .sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '') || a.index - b.index);
  let updated = 0;
  for (const event of events) {
    if (webhook.type !== WEBHOOK_STATUS_EVENT && webhook.type !== PAYMENT_EVENT) continue;
    const order = await orderOfTracking(db, accountId, event.tracking);
    if (!order) continue;
    if (accountId !== null && event.id !== null && !(await firstTimeSeen(db, accountId, `${webhook.type}:${event.id}`)))
      continue;
    if (webhook.type === PAYMENT_EVENT) {
      if (await applyPayment(db, order.id, event.status, event.paymentId, event.status === YALIDINE_PAID)) updated++;
      continue;
    }
    const applied = await applyCourierStatus(db, order.id, event.status, 'courier webhook', event.at);
    if (applied.changed || applied.moved) updated++;
  }
  return { received, updated };
}

/** Yalidine's event of a parcel's payment to the shop. */
export const PAYMENT_EVENT = 'parcel_payment_updated';

/**
 * One event of a courier that pushes a parcel's new status (Ecotrack's order.state.<code>, ZR
 * Express's parcel.state.updated): applied once per event id.
 */
export async function receiveStatusEvent(
  db: Database,
  accountId: number,
  event: { id: string; tracking: string; status: string; at: string | null },
): Promise<{ received: number; updated: number }> {
  if (!(await firstTimeSeen(db, accountId, event.id))) return { received: 1, updated: 0 };
  const order = await orderOfTracking(db, accountId, event.tracking);
  if (!order) return { received: 1, updated: 0 };
  const applied = await applyCourierStatus(db, order.id, event.status, 'courier webhook', event.at);
  return { received: 1, updated: applied.changed || applied.moved ? 1 : 0 };
}
