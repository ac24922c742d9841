import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Ad attribution (docs/marketing.md, ADR 032):
// - order_attributions: what the checkout said about where the customer came from (browser and
//   click ids, UTM tags, landing address, user agent, address), one row per order beside it, so
//   the orders table does not grow nine columns that most orders leave empty.
// - ad_events: the outbox of server events to the ad platforms. Its unique key (order, platform,
//   stage) makes the enqueue of one order's purchase happen once, also when two processes move
//   the order at the same moment; the worker records each send's outcome on the row.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  const id = kind === 'postgres' ? 'serial' : 'integer';
  const key = <T extends { primaryKey(): T; autoIncrement(): T }>(c: T) =>
    kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('order_attributions')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('fbp', 'text')
    .addColumn('fbc', 'text')
    .addColumn('ttp', 'text')
    .addColumn('ttclid', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('landing_url', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('ad_events')
    .addColumn('id', sql.raw(id), key)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('ad_events_order_platform_stage', ['order_id', 'platform', 'stage'])
    .execute();
  await db.schema.createIndex('ad_events_due').on('ad_events').columns(['state', 'next_attempt_at']).execute();
  await db.schema.createIndex('ad_events_platform').on('ad_events').columns(['platform', 'id']).execute();
}
