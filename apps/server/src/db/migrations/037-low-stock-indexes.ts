import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectKind } from '../connect.ts';

// The dashboard's low stock (order-desk.repository.ts lowStock) read every variant and every
// product without sizes to keep those at or under the threshold: 9-13 ms of each dashboard at
// 20,000 products and 60,000 variants, growing with the catalogue. An index on the stock of each
// gives those few rows alone. SQLite builds them here; PostgreSQL after the migrations'
// transaction, concurrently (postgresIndexes).
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind === 'postgres') return;
  for (const index of INDEXES) await sql`create index ${sql.raw(index.definition)}`.execute(db);
}

const INDEXES = [
  { name: 'product_sizes_low_stock', definition: 'product_sizes_low_stock on product_sizes (stock)' },
  { name: 'products_low_stock', definition: 'products_low_stock on products (stock) where has_sizes = 0' },
];

/** PostgreSQL's indexes of this migration, each built with CREATE INDEX CONCURRENTLY. */
export function postgresIndexes(): { name: string; create: RawBuilder<unknown> }[] {
  return INDEXES.map((index) => ({
    name: index.name,
    create: sql`create index concurrently if not exists ${sql.raw(index.definition)}`,
  }));
}
