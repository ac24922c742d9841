// The parcels' money rows as the reconciliation reads them, and the statements imported.
import type { Insertable, Updateable } from 'kysely';
import type { CourierParcelTable, CourierStatementTable, Executor } from '../../db/database.ts';

/** A parcel with its order and account, as every report reads it. */
function parcels(db: Executor) {
  return db
    .selectFrom('courier_parcels as p')
    .innerJoin('orders as o', (join) =>
      join.onRef('o.id', '=', 'p.order_id').onRef('o.tracking_number', '=', 'p.tracking'),
    )
    .innerJoin('courier_accounts as a', 'a.id', 'p.account_id')
    .select([
      'p.order_id',
      'p.tracking',
      'p.account_id',
      'a.name as account',
      'o.wilaya_name',
      'o.customer_name',
      'o.courier_status',
      'o.status',
      'p.phase',
      'p.amount_cents',
      'p.delivery_fee_cents',
      'p.return_fee_cents',
      'p.remitted_cents',
      'p.remitted_at',
      'p.outcome_at',
      'p.created_at',
      'p.status_changed_at',
    ]);
}
export type ParcelRow = Awaited<ReturnType<ReturnType<typeof parcels>['execute']>>[number];

/**
 * The parcels delivered or back between `from` (included) and `to` (excluded), of one account or
 * all, in the order of their outcome; of these phases only, when given.
 */
export function findParcelsWithOutcomeBetween(
  db: Executor,
  range: { from: string; to: string },
  only: { account?: number | undefined; phases?: readonly string[] } = {},
) {
  let query = parcels(db).where('p.outcome_at', '>=', range.from).where('p.outcome_at', '<', range.to);
  if (only.account !== undefined) query = query.where('p.account_id', '=', only.account);
  if (only.phases) query = query.where('p.phase', 'in', [...only.phases]);
  return query.orderBy('p.outcome_at').orderBy('p.order_id').execute();
}

/** These orders' parcels, by order. */
export function findParcelsOfOrders(db: Executor, orderIds: readonly number[]) {
  return parcels(db)
    .where('p.order_id', 'in', [...orderIds])
    .orderBy('p.order_id')
    .execute();
}

/**
 * Parcels of orders still shipping that look stuck: not picked up (made before `pickUpBefore`,
 * no phase past `created`), or without news since `quietBefore` (in transit, or of no known phase).
 */
export function findStuckParcels(db: Executor, pickUpBefore: string, quietBefore: string) {
  return parcels(db)
    .where('o.status', '=', 'shipping')
    .where((eb) =>
      eb.or([
        eb.and([
          eb.or([eb('p.phase', '=', 'created'), eb('p.phase', 'is', null)]),
          eb('p.created_at', '<', pickUpBefore),
        ]),
        eb.and([eb('p.phase', '=', 'transit'), eb('p.status_changed_at', '<', quietBefore)]),
        eb.and([eb('p.phase', 'is', null), eb('p.status_changed_at', '<', quietBefore)]),
      ]),
    )
    .execute();
}

/** The account's parcel of this tracking number (its order still carrying it), as a statement line names it. */
export function findAccountParcelByTracking(db: Executor, accountId: number, tracking: string) {
  return db
    .selectFrom('courier_parcels as p')
    .innerJoin('orders as o', (join) =>
      join.onRef('o.id', '=', 'p.order_id').onRef('o.tracking_number', '=', 'p.tracking'),
    )
    .select(['p.order_id', 'p.phase', 'p.remitted_at', 'p.return_fee_cents'])
    .where('p.account_id', '=', accountId)
    .where('p.tracking', '=', tracking)
    .executeTakeFirst();
}

export function updateParcelPayment(db: Executor, orderId: number, values: Updateable<CourierParcelTable>) {
  return db.updateTable('courier_parcels').set(values).where('order_id', '=', orderId).execute();
}

export function insertStatement(db: Executor, values: Insertable<CourierStatementTable>) {
  return db.insertInto('courier_statements').values(values).returning('id').executeTakeFirstOrThrow();
}

export function setStatementMatched(db: Executor, statementId: number, matched: number) {
  return db.updateTable('courier_statements').set({ matched }).where('id', '=', statementId).execute();
}

/** Whether the courier account exists. */
export async function accountExists(db: Executor, accountId: number): Promise<boolean> {
  const account = await db.selectFrom('courier_accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  return account !== undefined;
}
