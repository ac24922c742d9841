// The courier accounts, their routing table and the places matched for them: what
// courier-accounts.service.ts reads and writes.
import type { Insertable, Updateable } from 'kysely';
import type { CourierAccountTable, CourierPlaceTable, CourierRouteTable, Executor } from '../../db/database.ts';

export function findAccounts(db: Executor) {
  return db.selectFrom('courier_accounts').selectAll().orderBy('id').execute();
}

export function findAccount(db: Executor, id: number) {
  return db.selectFrom('courier_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Each account's name, courier and division (what a slip names). */
export function findAccountNames(db: Executor) {
  return db.selectFrom('courier_accounts').select(['id', 'name', 'kind', 'division']).execute();
}

/** Whether an account exists and is on. */
export function findAccountActive(db: Executor, id: number) {
  return db.selectFrom('courier_accounts').select(['id', 'active']).where('id', '=', id).executeTakeFirst();
}

export function findAccountIds(db: Executor) {
  return db.selectFrom('courier_accounts').select('id').execute();
}

export function findActiveAccountIds(db: Executor) {
  return db.selectFrom('courier_accounts').select('id').where('active', '=', 1).execute();
}

/** The accounts that are on, by id. */
export function findActiveAccounts(db: Executor) {
  return db.selectFrom('courier_accounts').select(['id', 'name']).where('active', '=', 1).orderBy('id').execute();
}

/** The account named so, other than `exceptId`. */
export function findAccountNamed(db: Executor, name: string, exceptId?: number) {
  let query = db.selectFrom('courier_accounts').select('id').where('name', '=', name);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}

/** The environment's account (its keys in YALIDINE_API_ID…), whether on or off. */
export function findEnvAccount(db: Executor) {
  return db
    .selectFrom('courier_accounts')
    .select(['id', 'active', 'division', 'from_wilaya'])
    .where('source', '=', 'env')
    .executeTakeFirst();
}

/** The environment's account, when it is on. */
export function findActiveEnvAccount(db: Executor) {
  return db
    .selectFrom('courier_accounts')
    .select('id')
    .where('source', '=', 'env')
    .where('active', '=', 1)
    .executeTakeFirst();
}

export function insertAccount(db: Executor, values: Insertable<CourierAccountTable>) {
  return db.insertInto('courier_accounts').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Inserts an account unless one has its name (two processes starting together). */
export function insertAccountUnlessNamed(db: Executor, values: Insertable<CourierAccountTable>) {
  return db
    .insertInto('courier_accounts')
    .values(values)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export function updateAccountRow(db: Executor, id: number, values: Updateable<CourierAccountTable>) {
  return db.updateTable('courier_accounts').set(values).where('id', '=', id).execute();
}

/** Whether the account holds any parcel. */
export async function accountHasParcels(db: Executor, accountId: number): Promise<boolean> {
  const parcel = await db
    .selectFrom('courier_parcels')
    .select('order_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return parcel !== undefined;
}

/**
 * Orders sent to Yalidine before accounts existed become this account's, and their parcels get
 * their money row (the amount to collect: the total less what was paid in advance; the fees are
 * read by the next sync or statement).
 */
export async function adoptEarlierYalidineParcels(db: Executor, accountId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ courier_account_id: accountId })
    .where('courier', '=', 'yalidine')
    .where('courier_account_id', 'is', null)
    .where((eb) => eb.or([eb('tracking_number', 'is not', null), eb('courier_sent_at', 'is not', null)]))
    .execute();
  await db
    .insertInto('courier_parcels')
    .columns(['order_id', 'account_id', 'tracking', 'amount_cents', 'created_at', 'status_changed_at'])
    .expression((eb) =>
      eb
        .selectFrom('orders as o')
        .select((s) => [
          'o.id',
          s.val(accountId).as('account_id'),
          s.fn.coalesce('o.tracking_number', s.val('')).as('tracking'),
          s(
            'o.final_total_cents',
            '-',
            s.fn.coalesce(
              s
                .selectFrom('order_payments as p')
                .select((p) => p.fn.sum<number>('p.amount_cents').as('paid'))
                .whereRef('p.order_id', '=', 'o.id'),
              s.val(0),
            ),
          ).as('amount_cents'),
          s.fn.coalesce('o.courier_sent_at', 'o.updated_at').as('created_at'),
          s.fn.coalesce('o.courier_synced_at', 'o.updated_at').as('status_changed_at'),
        ])
        .where('o.courier_account_id', '=', accountId)
        .where('o.tracking_number', 'is not', null)
        .where((w) =>
          w.not(
            w.exists(w.selectFrom('courier_parcels as c').select('c.order_id').whereRef('c.order_id', '=', 'o.id')),
          ),
        ),
    )
    .execute();
}

// ---------------------------------------------------------------- places

/** The courier's name and code of one of our places, as matched for the account. */
export function findPlace(db: Executor, accountId: number, kind: string, wilayaCode: number, placeKey: string) {
  return db
    .selectFrom('courier_places')
    .select(['courier_name', 'courier_code'])
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('wilaya_code', '=', wilayaCode)
    .where('place_key', '=', placeKey)
    .executeTakeFirst();
}

/** How many places of each kind were matched, per account. */
export function countPlaces(db: Executor) {
  return db
    .selectFrom('courier_places')
    .select(['account_id', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['account_id', 'kind'])
    .execute();
}

/** The account's matched places replaced by these (200 a statement), and the time of the match kept. */
export async function replacePlaces(
  trx: Executor,
  accountId: number,
  rows: readonly Omit<Insertable<CourierPlaceTable>, 'account_id'>[],
  syncedAt: string,
): Promise<void> {
  await trx.deleteFrom('courier_places').where('account_id', '=', accountId).execute();
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('courier_places')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, account_id: accountId })))
      .execute();
  }
  await trx.updateTable('courier_accounts').set({ places_synced_at: syncedAt }).where('id', '=', accountId).execute();
}

// ---------------------------------------------------------------- routing

export function findRoutes(db: Executor) {
  return db.selectFrom('courier_routes').selectAll().orderBy('wilaya_key').orderBy('delivery_type').execute();
}

/** The routing table replaced by these rows. */
export async function replaceRoutes(trx: Executor, rows: readonly Insertable<CourierRouteTable>[]): Promise<void> {
  await trx.deleteFrom('courier_routes').execute();
  for (const row of rows) await trx.insertInto('courier_routes').values(row).execute();
}
