import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// The cash-on-delivery order desk: each order's confirmation call beside its status,
// the flags set when it is placed (a blacklisted phone, a possible duplicate), the carrier's
// tracking number and a returned parcel's reception; the owner's notes and the history of calls,
// corrections and returns; the phone blacklist; reviews waiting for approval. Orders handled
// before this migration (approved or further) count as confirmed.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const columns: [string, string, string?][] = [
    ['confirmation', 'text', "not null default 'to_confirm'"],
    ['call_attempts', 'integer', 'not null default 0'],
    ['call_back_at', 'text'],
    ['confirmed_at', 'text'],
    ['refusal_reason', 'text'],
    ['refusal_note', 'text'],
    ['held', 'integer', 'not null default 0'],
    ['possible_duplicate', 'integer', 'not null default 0'],
    ['tracking_number', 'text'],
    ['return_received_at', 'text'],
  ];
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type, constraint] of columns) {
    await sql`alter table orders add column ${sql.raw(name)} ${sql.raw(type)} ${sql.raw(constraint ?? '')}`.execute(db);
  }
  await sql`update orders set confirmation = 'confirmed', confirmed_at = updated_at
    where status in ('approved', 'shipping', 'successful')`.execute(db);
  // The queue (pending orders by confirmation), a phone's past orders (reputation, duplicates).
  await db.schema.createIndex('orders_status_confirmation').on('orders').columns(['status', 'confirmation']).execute();
  await db.schema.createIndex('orders_phone_created').on('orders').columns(['customer_phone', 'created_at']).execute();

  const id = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('order_notes')
    .addColumn('id', sql.raw(id), (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order').on('order_notes').column('order_id').execute();
  await db.schema
    .createTable('order_events')
    .addColumn('id', sql.raw(id), (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').column('order_id').execute();
  await db.schema
    .createTable('phone_blacklist')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  for (const table of ['product_ratings', 'brand_ratings']) {
    await sql`alter table ${sql.raw(table)} add column approved integer not null default 1`.execute(db);
  }
}
