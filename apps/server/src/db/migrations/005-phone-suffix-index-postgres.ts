import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';
import { MIN_SUFFIX } from './004-phone-suffix-index.ts';

// PostgreSQL gets the phone-suffix table SQLite has had since 004, so the admin's phone search
// is the same query on both: one range scan of a b-tree. The pg_trgm lookup it replaces cost
// ~1.4 ms of execution and ~1 ms of planning per search on 100,000 orders (EXPLAIN ANALYZE), most
// of the database's CPU in the admin benchmark; the range scan costs a few hundredths of a
// millisecond. The suffixes sort bytewise (collation "C") so the range's upper bound, the
// fragment followed by U+10FFFF, is above every suffix that starts with the fragment. The trgm
// index stays for searches that are not 4+ digits.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind !== 'postgres') return;
  const last = sql.lit(MIN_SUFFIX - 1);
  await sql`create table order_phone_suffixes (
    suffix text collate "C" not null,
    order_id integer not null,
    primary key (suffix, order_id)
  )`.execute(db);
  await sql`insert into order_phone_suffixes (suffix, order_id)
    select substr(customer_phone, k), id from orders, generate_series(1, length(customer_phone) - ${last}) k`.execute(
    db,
  );
  // Statistics now, so the planner picks the index before autovacuum first visits the table.
  await sql`analyze order_phone_suffixes`.execute(db);
  // Inserts are batches of orders (order-writes.ts): one statement-level trigger per insert
  // statement reads them all from its transition table.
  await sql`create function order_phone_suffixes_insert() returns trigger language plpgsql as $$
    begin
      insert into order_phone_suffixes (suffix, order_id)
        select substr(n.customer_phone, k), n.id
        from new_orders n, generate_series(1, length(n.customer_phone) - ${last}) k;
      return null;
    end $$`.execute(db);
  await sql`create trigger order_phone_suffixes_insert after insert on orders
    referencing new table as new_orders for each statement
    execute function order_phone_suffixes_insert()`.execute(db);
  await sql`create function order_phone_suffixes_delete() returns trigger language plpgsql as $$
    begin
      delete from order_phone_suffixes s using old_orders o, generate_series(1, length(o.customer_phone) - ${last}) k
        where s.order_id = o.id and s.suffix = substr(o.customer_phone, k);
      return null;
    end $$`.execute(db);
  await sql`create trigger order_phone_suffixes_delete after delete on orders
    referencing old table as old_orders for each statement
    execute function order_phone_suffixes_delete()`.execute(db);
  // A phone changes rarely (never from the shop's own screens): a row trigger on that column only.
  await sql`create function order_phone_suffixes_update() returns trigger language plpgsql as $$
    begin
      delete from order_phone_suffixes s using generate_series(1, length(old.customer_phone) - ${last}) k
        where s.order_id = old.id and s.suffix = substr(old.customer_phone, k);
      insert into order_phone_suffixes (suffix, order_id)
        select substr(new.customer_phone, k), new.id
        from generate_series(1, length(new.customer_phone) - ${last}) k;
      return null;
    end $$`.execute(db);
  await sql`create trigger order_phone_suffixes_update after update of customer_phone on orders
    for each row when (old.customer_phone is distinct from new.customer_phone)
    execute function order_phone_suffixes_update()`.execute(db);
}
