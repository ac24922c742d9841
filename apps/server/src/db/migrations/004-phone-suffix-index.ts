import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// SQLite: the admin's phone search (a substring of at least MIN_SUFFIX digits) reads a b-tree of
// every phone suffix instead of the FTS5 trigram table of migration 002. A substring of a phone is
// a prefix of one of its suffixes, so the search is one range scan of the index (~20 µs on 100,000
// orders, against ~200 µs for the trigram lookup: bench profile, where it was most of the admin
// search's time). Triggers keep the suffixes in step with orders.customer_phone; shorter
// searches scan the phone index (001). PostgreSQL gets the same table in 005.
export const MIN_SUFFIX = 4;
/** Longest phone the triggers index (phones have 10 digits; the rest of a longer one is not). */
const MAX_POSITIONS = 24;

const positions = Array.from({ length: MAX_POSITIONS }, (_, i) => `select ${i + 1} as k`).join(' union all ');

/** The suffixes of `phone` of MIN_SUFFIX characters or more, for a row `id` (SQL for triggers). */
function suffixesOf(phone: string, id: string) {
  return sql.raw(
    `select substr(${phone}, k), ${id} from (${positions}) where k <= length(${phone}) - ${MIN_SUFFIX - 1}`,
  );
}

export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind !== 'sqlite') return;
  await sql`create table order_phone_suffixes (
    suffix text not null,
    order_id integer not null,
    primary key (suffix, order_id)
  ) without rowid`.execute(db);
  await sql`insert or ignore into order_phone_suffixes (suffix, order_id)
    select substr(customer_phone, k), id from orders join (${sql.raw(positions)})
    on k <= length(customer_phone) - ${sql.lit(MIN_SUFFIX - 1)}`.execute(db);
  await sql`create trigger order_phone_suffixes_insert after insert on orders begin
    insert or ignore into order_phone_suffixes (suffix, order_id) ${suffixesOf('new.customer_phone', 'new.id')};
  end`.execute(db);
  await sql`create trigger order_phone_suffixes_delete after delete on orders begin
    delete from order_phone_suffixes where order_id = old.id
      and suffix in (select s from (select substr(old.customer_phone, k) as s from (${sql.raw(positions)})));
  end`.execute(db);
  await sql`create trigger order_phone_suffixes_update after update of customer_phone on orders begin
    delete from order_phone_suffixes where order_id = old.id
      and suffix in (select s from (select substr(old.customer_phone, k) as s from (${sql.raw(positions)})));
    insert or ignore into order_phone_suffixes (suffix, order_id) ${suffixesOf('new.customer_phone', 'new.id')};
  end`.execute(db);

  await sql`drop trigger orders_phone_fts_insert`.execute(db);
  await sql`drop trigger orders_phone_fts_delete`.execute(db);
  await sql`drop trigger orders_phone_fts_update`.execute(db);
  await sql`drop table orders_phone_fts`.execute(db);
}
