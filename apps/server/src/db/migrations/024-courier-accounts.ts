import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Several couriers at once, and the cash they owe:
// - courier_accounts: each account the shop holds (its courier, its credentials kept server-side
//   as JSON, the wilayas its API speaks, an Ecotrack tenant's host); the one configured by the
//   environment (YALIDINE_API_ID…) gets a row too, so its parcels are counted like the others.
// - courier_routes: the account a wilaya and delivery type go to ('*' for every other wilaya);
//   orders.courier_account_id is the account an order is being sent or was sent to, or the one the
//   owner chose for it (courier_account_chosen), which a refusal does not forget.
// - courier_places: the courier's communes and stop desks as it spells them, matched to ours once.
// - courier_events: the webhook events already applied (a courier sends an event again).
// - courier_parcels: each parcel's money (to collect, the courier's fees, what it paid) and its
//   timeline (made, last change of status, delivered or back), beside the order.
// - courier_statements: the courier statements imported.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const key = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('courier_accounts')
    .addColumn('id', sql.raw(id), key)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('division', 'text', (c) => c.notNull())
    .addColumn('host', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_wilaya', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hand_over', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('admin'))
    .addColumn('credentials', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('webhook_secret', 'text')
    .addColumn('places_synced_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('courier_routes')
    .addColumn('id', sql.raw(id), key)
    .addColumn('wilaya_key', 'text', (c) => c.notNull())
    .addColumn('wilaya_name', 'text')
    .addColumn('delivery_type', 'text', (c) => c.notNull())
    .addColumn('account_id', 'integer', (c) => c.notNull().references('courier_accounts.id').onDelete('cascade'))
    .addUniqueConstraint('courier_routes_wilaya_type', ['wilaya_key', 'delivery_type'])
    .execute();

  await db.schema
    .createTable('courier_places')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('courier_accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('wilaya_code', 'integer', (c) => c.notNull())
    .addColumn('place_key', 'text', (c) => c.notNull())
    .addColumn('courier_name', 'text', (c) => c.notNull())
    .addColumn('courier_code', 'text')
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('courier_places_pk', ['account_id', 'kind', 'wilaya_code', 'place_key'])
    .execute();

  await db.schema
    .createTable('courier_events')
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('courier_events_pk', ['account_id', 'event_id'])
    .execute();

  await db.schema
    .createTable('courier_statements')
    .addColumn('id', sql.raw(id), key)
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('matched', 'integer', (c) => c.notNull())
    .addColumn('total_paid_cents', 'integer', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('courier_parcels')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull())
    .addColumn('tracking', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('delivery_fee_cents', 'integer')
    .addColumn('return_fee_cents', 'integer')
    .addColumn('phase', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_changed_at', 'text', (c) => c.notNull())
    .addColumn('outcome_at', 'text')
    .addColumn('handed_over_at', 'text')
    .addColumn('hand_over_error', 'text')
    .addColumn('payment_status', 'text')
    .addColumn('remitted_at', 'text')
    .addColumn('remitted_cents', 'integer')
    .addColumn('remittance_ref', 'text')
    .addColumn('statement_id', 'integer')
    .execute();
  await db.schema.createIndex('courier_parcels_tracking').on('courier_parcels').column('tracking').execute();
  await db.schema
    .createIndex('courier_parcels_account_outcome')
    .on('courier_parcels')
    .columns(['account_id', 'outcome_at'])
    .execute();

  await sql`alter table orders add column courier_account_id integer`.execute(db);
  await sql`alter table orders add column courier_account_chosen integer not null default 0`.execute(db);
}
