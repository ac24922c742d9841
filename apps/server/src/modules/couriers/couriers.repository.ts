// The parcels' money rows, the couriers' events and what the courier desk reads and marks on the
// orders: what couriers.service.ts and the courier routes read and write.
import type { Insertable, Updateable } from 'kysely';
import type { CourierParcelTable, Executor } from '../../db/database.ts';

// ---------------------------------------------------------------- parcels

export function findParcel(db: Executor, orderId: number) {
  return db.selectFrom('courier_parcels').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * A parcel's money row as it is when the parcel is made: written, or, when the order had one
 * (a parcel made again after the first was lost), rewritten with what followed it cleared.
 */
export function saveNewParcel(db: Executor, parcel: Insertable<CourierParcelTable>) {
  const { order_id: _order, ...values } = parcel;
  return db
    .insertInto('courier_parcels')
    .values(parcel)
    .onConflict((oc) =>
      oc.column('order_id').doUpdateSet({
        ...values,
        outcome_at: null,
        handed_over_at: null,
        hand_over_error: null,
        payment_status: null,
        remitted_at: null,
        remitted_cents: null,
        remittance_ref: null,
        statement_id: null,
      }),
    )
    .execute();
}

export function updateParcel(db: Executor, orderId: number, values: Updateable<CourierParcelTable>) {
  return db.updateTable('courier_parcels').set(values).where('order_id', '=', orderId).execute();
}

// ---------------------------------------------------------------- events

/** Records a courier's event; false when it was recorded already. */
export async function insertEventOnce(
  db: Executor,
  event: { account_id: number; event_id: string; received_at: string },
): Promise<boolean> {
  const inserted = await db
    .insertInto('courier_events')
    .values(event)
    .onConflict((oc) => oc.columns(['account_id', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

// ---------------------------------------------------------------- orders, as the courier desk reads them

/** The order of a tracking number at an account, or at no account (Yalidine before accounts); any when `accountId` is null. */
export function findOrderByTracking(db: Executor, accountId: number | null, tracking: string) {
  let query = db.selectFrom('orders').select('id').where('tracking_number', '=', tracking);
  if (accountId !== null)
    query = query.where((eb) =>
      eb.or([eb('courier_account_id', '=', accountId), eb('courier_account_id', 'is', null)]),
    );
  return query.executeTakeFirst();
}

/** An order's parcel as handing it over needs it: tracking number, courier, account, when handed over. */
export function findOrderParcel(db: Executor, orderId: number) {
  return db
    .selectFrom('orders')
    .leftJoin('courier_parcels', 'courier_parcels.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.tracking_number',
      'orders.courier',
      'orders.courier_account_id',
      'courier_parcels.handed_over_at',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** Of these orders, the stop desk ones without a centre and not sent yet. */
export function findOrdersWithoutStopDesk(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'wilaya_name', 'commune_name'])
    .where('id', 'in', [...ids])
    .where('delivery_type', '=', 'stop_desk')
    .where('stop_desk_id', 'is', null)
    .where('tracking_number', 'is', null)
    .execute();
}

/** Writes the centre on the order unless it has one already; whether it was written. */
export async function setStopDeskIfNone(
  db: Executor,
  orderId: number,
  desk: { id: string; name: string | null; address: string | null },
): Promise<boolean> {
  const taken = await db
    .updateTable('orders')
    .set({ stop_desk_id: desk.id, stop_desk_name: desk.name, stop_desk_address: desk.address })
    .where('id', '=', orderId)
    .where('stop_desk_id', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/**
 * The account's orders marked as being sent without a tracking number, whose attempt failed or is
 * older than `staleBefore`: the ones whose parcel may exist at the courier. By id, `limit` at most.
 */
export function findOrdersSentWithoutAnswer(db: Executor, accountId: number, staleBefore: string, limit: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('courier_account_id', '=', accountId)
    .where('tracking_number', 'is', null)
    .where('courier_sent_at', 'is not', null)
    .where((eb) => eb.or([eb('courier_error', 'is not', null), eb('courier_sent_at', '<', staleBefore)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Clears an order's sending mark with the reason, unless it has a tracking number meanwhile. */
export function clearSendingMarkIfUnsent(db: Executor, orderId: number, error: string) {
  return db
    .updateTable('orders')
    .set({ courier: null, courier_sent_at: null, courier_error: error })
    .where('id', '=', orderId)
    .where('tracking_number', 'is', null)
    .execute();
}

/**
 * The account's parcels to ask about: on their way (the order shipping), or delivered since
 * `deliveredSince` and not yet paid for; the ones asked longest ago first, `limit` at most.
 */
export function findParcelsToFollow(db: Executor, accountId: number, deliveredSince: string, limit: number) {
  return db
    .selectFrom('orders as o')
    .leftJoin('courier_parcels as p', 'p.order_id', 'o.id')
    .select(['o.id', 'o.tracking_number'])
    .where('o.courier_account_id', '=', accountId)
    .where('o.tracking_number', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('o.status', '=', 'shipping'),
        eb.and([
          eb('p.phase', '=', 'delivered'),
          eb('p.remitted_at', 'is', null),
          eb('p.outcome_at', '>', deliveredSince),
        ]),
      ]),
    )
    .orderBy('o.courier_synced_at')
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/** What choosing an order's courier account reads of it. */
export function findOrderCourierChoice(db: Executor, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['courier_account_id', 'courier_account_chosen', 'tracking_number', 'courier_sent_at'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}
