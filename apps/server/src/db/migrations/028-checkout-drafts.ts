import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// checkout_drafts: what a customer typed in a checkout before leaving it (modules/leads), one row
// per browser draft key, upserted as they type. An order placed with the key marks it converted
// (order_id, converted_by 'customer'); an agent's "Create order" marks it recovered ('desk'). The
// call state (attempts, call-back time, not interested) is the lead's own: it has no order yet.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const key = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('checkout_drafts')
    .addColumn('id', sql.raw(id), key)
    .addColumn('draft_key', 'text', (c) => c.notNull().unique())
    .addColumn('checkout', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_phone', 'text', (c) => c.notNull())
    .addColumn('wilaya', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('commune', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('delivery_type', 'text', (c) => c.notNull().defaultTo('home'))
    .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('page_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('converted_by', 'text')
    .addColumn('converted_at', 'text')
    .addColumn('call_state', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('call_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('call_back_at', 'text')
    .addColumn('last_call_at', 'text')
    .addColumn('last_call_by', 'text')
    .execute();
  // The desk lists the leads by age; the 30-day cleanup and the dashboard read by date.
  await db.schema.createIndex('checkout_drafts_updated').on('checkout_drafts').column('updated_at').execute();
  await db.schema.createIndex('checkout_drafts_phone').on('checkout_drafts').column('customer_phone').execute();
}
