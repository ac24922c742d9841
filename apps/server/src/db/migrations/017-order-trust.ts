import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// What the owner's and the operator's actions needed to be safe on an order:
// - `stock_reserved`: whether a pending order's lines hold their units. An order held for a
//   blacklisted phone no longer takes any until it is released; orders placed before this
//   migration took theirs, so every existing order starts at 1.
// - `courier_attention`: what a courier said that the order's status contradicts (a "delivered"
//   for an order the shop cancelled), shown to the owner until they mark it checked.
// - `order_events.undo` / `undone_at`: what a desk outcome changed, to put it back once.
// - `order_payments`: advance payments (a custom order paid by CCP), so the courier collects only
//   what is left to pay.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  await sql`alter table orders add column stock_reserved integer not null default 1`.execute(db);
  await sql`alter table orders add column courier_attention text`.execute(db);
  await sql`alter table order_events add column undo text`.execute(db);
  await sql`alter table order_events add column undone_at text`.execute(db);

  const id = kind === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('order_payments')
    .addColumn('id', sql.raw(id), (c) => (kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_payments_order').on('order_payments').column('order_id').execute();
  await db.schema
    .createIndex('orders_courier_attention')
    .on('orders')
    .column('id')
    .where(sql.ref('courier_attention'), 'is not', null)
    .execute();
}
