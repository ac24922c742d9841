import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectKind } from '../connect.ts';

// The admin's search by name looks for each folded word inside the order's folded name
// (customer_name_folded, migration 020): LIKE '%word%', which no b-tree serves, so every search
// read every order's name (half a second of CPU at a million orders on SQLite). A trigram index
// serves it, with the same matches: an FTS5 trigram table over the folded names on SQLite, kept in
// step by triggers, and a pg_trgm GIN index on PostgreSQL. Words of one or two letters have no
// trigram: they are still matched by reading the names (searches.ts).
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind === 'sqlite') {
    await sql`create virtual table orders_name_fts using fts5(customer_name_folded, content='orders', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`insert into orders_name_fts(orders_name_fts) values ('rebuild')`.execute(db);
    await sql`create trigger orders_name_fts_insert after insert on orders begin
      insert into orders_name_fts(rowid, customer_name_folded) values (new.id, new.customer_name_folded);
    end`.execute(db);
    await sql`create trigger orders_name_fts_delete after delete on orders begin
      insert into orders_name_fts(orders_name_fts, rowid, customer_name_folded)
        values ('delete', old.id, old.customer_name_folded);
    end`.execute(db);
    await sql`create trigger orders_name_fts_update after update of customer_name_folded on orders begin
      insert into orders_name_fts(orders_name_fts, rowid, customer_name_folded)
        values ('delete', old.id, old.customer_name_folded);
      insert into orders_name_fts(rowid, customer_name_folded) values (new.id, new.customer_name_folded);
    end`.execute(db);
    return;
  }
  // PostgreSQL's index is built after the migrations' transaction, without locking the orders
  // table against writes meanwhile (postgresIndexes, migrate.ts).
}

/**
 * The GIN index of the folded names, as PostgreSQL builds it outside a transaction: CREATE INDEX
 * CONCURRENTLY, so orders go on being placed while it reads a million of them. Undefined without
 * pg_trgm (added by migration 002 when the database allows it; without it the search scans).
 */
export async function postgresIndexes(db: Kysely<unknown>): Promise<{ name: string; create: RawBuilder<unknown> }[]> {
  const ext = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = ext.rows[0]?.schema;
  if (!schema) return [];
  const ops = sql.raw(`${JSON.stringify(schema)}.gin_trgm_ops`);
  return [
    {
      name: 'orders_name_folded_trgm',
      create: sql`create index concurrently if not exists orders_name_folded_trgm on orders using gin (customer_name_folded ${ops})`,
    },
  ];
}
