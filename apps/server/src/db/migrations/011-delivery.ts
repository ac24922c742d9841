import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Delivery in Algeria: a wilaya is priced twice, at home and at a stop desk (empty =
// no stop desk there); an order keeps how it is delivered, to which commune, and, once handed to
// a courier, the courier's parcel (tracking number in migration 010's column, label, last status).
// Orders placed before this migration were home deliveries.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await sql`alter table shipping_prices add column stop_desk_price_cents integer check (stop_desk_price_cents >= 0)`.execute(
    db,
  );

  const columns: [string, string, string?][] = [
    ['delivery_type', 'text', "not null default 'home'"],
    ['commune_name', 'text'],
    ['stop_desk_id', 'text'],
    ['courier', 'text'],
    ['label_url', 'text'],
    ['courier_status', 'text'],
    ['courier_sent_at', 'text'],
    ['courier_synced_at', 'text'],
    ['courier_error', 'text'],
  ];
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const [name, type, constraint] of columns) {
    await sql`alter table orders add column ${sql.raw(name)} ${sql.raw(type)} ${sql.raw(constraint ?? '')}`.execute(db);
  }
  // Status sync walks the parcels a courier has; the webhook finds an order by its tracking number.
  await db.schema.createIndex('orders_courier_status').on('orders').columns(['courier', 'status']).execute();
  await db.schema.createIndex('orders_tracking_number').on('orders').column('tracking_number').execute();
}
