import type { Insertable } from 'kysely';
import type { AdEventTable, Executor, OrderAttributionTable } from '../../db/database.ts';

export async function insertAttributions(db: Executor, rows: Insertable<OrderAttributionTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('order_attributions').values(rows).execute();
}

export function findAttribution(db: Executor, orderId: number) {
  return db.selectFrom('order_attributions').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** Enqueues events; one already there for the same order, platform and stage stays as it is. */
/** The browser's event id of each of these orders that has its attribution. */
export function findEventIds(db: Executor, orderIds: readonly number[]) {
  return db
    .selectFrom('order_attributions')
    .select(['order_id', 'event_id'])
    .where('order_id', 'in', [...orderIds])
    .execute();
}

export async function enqueueEvents(db: Executor, rows: Insertable<AdEventTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('ad_events')
    .values(rows)
    .onConflict((oc) => oc.columns(['order_id', 'platform', 'stage']).doNothing())
    .execute();
}

/** Pending events whose next attempt is due, oldest first. */
export function dueEvents(db: Executor, now: string, limit: number) {
  return db
    .selectFrom('ad_events')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function updateEvent(
  db: Executor,
  id: number,
  values: { state: string; attempts: number; message: string | null; next_attempt_at?: string; sent_at?: string },
): Promise<void> {
  await db.updateTable('ad_events').set(values).where('id', '=', id).where('state', '=', 'pending').execute();
}

/** The events log, newest first, with the order's status now (a purchase undone shows). */
export function listEvents(db: Executor, filter: { platform?: string | undefined; orderId?: number | undefined }) {
  let query = db
    .selectFrom('ad_events')
    .innerJoin('orders', 'orders.id', 'ad_events.order_id')
    .selectAll('ad_events')
    .select('orders.status as order_status');
  if (filter.platform) query = query.where('ad_events.platform', '=', filter.platform);
  if (filter.orderId) query = query.where('ad_events.order_id', '=', filter.orderId);
  return query.orderBy('ad_events.id', 'desc').limit(200).execute();
}

/** What an event carries about its order: the order, its lines, where it came from. */
export async function eventOrder(db: Executor, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'status',
      'type',
      'customer_phone',
      'wilaya_name',
      'commune_name',
      'final_total_cents',
      'custom_item_id',
      'created_at',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const items = await db
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return { order, items, attribution: await findAttribution(db, orderId) };
}
