import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Deep pages (docs/scale.md). The shop's list and the admin's orders list are numbered pages: page
// N skips the (N-1) × limit rows before it, as the spec's clients ask. Skipping a row costs little
// when it is an entry of an index that holds every column the filter and the order read: the page's
// ids are read from such an index alone, then only the page's rows from the table (the repositories'
// deferred join). These are the indexes:
// - orders by status, newest first (the desk's queues: `?status=pending&page=N`, and their count),
//   with the confirmation and the type, which the queues filter on beside the status;
// - on PostgreSQL, the products newest first, whole and per type, with the price the shop filters
//   on. SQLite's indexes of migrations 001 and 002 (created_at; type_id, created_at) already end
//   with the row's id, which is its key there, and serve these lists.
// SQLite builds its index here; PostgreSQL after the migrations' transaction, without locking the
// orders table against new orders (postgresIndexes, migrate.ts).
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind === 'sqlite') {
    await sql`create index orders_status_newest on orders (status, id, confirmation, type)`.execute(db);
  }
}

/** PostgreSQL's indexes of this migration, each built with CREATE INDEX CONCURRENTLY. */
export function postgresIndexes(): { name: string; create: RawBuilder<unknown> }[] {
  return [
    {
      name: 'orders_status_newest',
      create: sql`create index concurrently if not exists orders_status_newest on orders (status, id) include (confirmation, type)`,
    },
    {
      name: 'products_newest',
      create: sql`create index concurrently if not exists products_newest on products (created_at, id) include (type_id, final_price_cents)`,
    },
    {
      name: 'products_type_newest',
      create: sql`create index concurrently if not exists products_type_newest on products (type_id, created_at, id) include (final_price_cents)`,
    },
  ];
}
