import { sql, type Kysely } from 'kysely';
import { productSearchText } from '@shop/domain/search-text';
import type { DialectKind } from '../connect.ts';

// The shop's search matches what people type, not the name's exact letters (packages/domain
// search-text.ts): each product keeps the search key of its French and Arabic names in
// products.search_text, written with the product (catalog.repository.ts), and a query's key is
// looked for inside it. On PostgreSQL a trigram index serves that LIKE '%…%' (as it served the
// lower(name) search it replaces); on SQLite the catalogue's narrow column is scanned.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  await sql`alter table products add column search_text text not null default ''`.execute(db);
  const rows = await sql<{ id: number; name: string; name_ar: string | null }>`
    select id, name, name_ar from products`.execute(db);
  for (const row of rows.rows) {
    await sql`update products set search_text = ${productSearchText(row.name, row.name_ar)} where id = ${row.id}`.execute(
      db,
    );
  }
  if (kind === 'sqlite') return;
  await sql`drop index if exists products_name_trgm`.execute(db);
  const ext = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = ext.rows[0]?.schema;
  if (!schema) return;
  const ops = sql.raw(`${JSON.stringify(schema)}.gin_trgm_ops`);
  await sql`create index products_search_trgm on products using gin (search_text ${ops})`.execute(db);
}
