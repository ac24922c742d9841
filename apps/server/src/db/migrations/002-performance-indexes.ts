import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Indexes for the searches the load bench found slow on a large shop (bench/README.md):
// - the admin's phone search matches a substring (LIKE '%…%'), which no b-tree serves: a trigram
//   index does (FTS5 trigram table on SQLite, pg_trgm GIN on PostgreSQL);
// - related products read the same type newest first: (type_id, created_at);
// - the dashboard's orders per day reads the last 30 days' status and total from the index alone.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  await db.schema.createIndex('products_type_created_at').on('products').columns(['type_id', 'created_at']).execute();
  await db.schema
    .createIndex('orders_created_status_total')
    .on('orders')
    .columns(['created_at', 'status', 'final_total_cents'])
    .execute();

  if (kind === 'sqlite') {
    // External-content FTS5 table over orders.customer_phone, kept in step by triggers.
    await sql`create virtual table orders_phone_fts using fts5(customer_phone, content='orders', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`insert into orders_phone_fts(orders_phone_fts) values ('rebuild')`.execute(db);
    await sql`create trigger orders_phone_fts_insert after insert on orders begin
      insert into orders_phone_fts(rowid, customer_phone) values (new.id, new.customer_phone);
    end`.execute(db);
    await sql`create trigger orders_phone_fts_delete after delete on orders begin
      insert into orders_phone_fts(orders_phone_fts, rowid, customer_phone) values ('delete', old.id, old.customer_phone);
    end`.execute(db);
    await sql`create trigger orders_phone_fts_update after update of customer_phone on orders begin
      insert into orders_phone_fts(orders_phone_fts, rowid, customer_phone) values ('delete', old.id, old.customer_phone);
      insert into orders_phone_fts(rowid, customer_phone) values (new.id, new.customer_phone);
    end`.execute(db);
    return;
  }

  // pg_trgm is a trusted extension (any user allowed to create in the database may add it). It is
  // database-wide, so it goes in public once; a concurrent creation by another schema's migration
  // is ignored. Without it the searches still work, by scanning.
  await sql`do $$ begin create extension if not exists pg_trgm schema public; exception when others then null; end $$`.execute(
    db,
  );
  const ext = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db);
  const schema = ext.rows[0]?.schema;
  if (!schema) return;
  const ops = sql.raw(`${JSON.stringify(schema)}.gin_trgm_ops`);
  await sql`create index orders_phone_trgm on orders using gin (customer_phone ${ops})`.execute(db);
  await sql`create index products_name_trgm on products using gin (lower(name) ${ops})`.execute(db);
}
