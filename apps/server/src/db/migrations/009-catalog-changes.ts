import type { Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// What each catalogue change touched, so that every process's response cache drops only what
// depends on it (http/cache.ts): an order drops the pages showing its products, not the whole
// catalogue. One row per change, numbered by the catalogue version it took (the sequence on
// PostgreSQL, the catalog_version row on SQLite); `tags` is the list of what changed, joined by
// spaces ("product:12 product:40 orders", "catalog" for everything). Rows older than an hour
// are pruned: a process that has been away longer forgets its whole cache instead.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await db.schema
    .createTable('catalog_changes')
    .addColumn('version', 'bigint', (c) => c.primaryKey())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
}
