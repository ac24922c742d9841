import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectKind } from '../connect.ts';

// The dashboard's figures kept as orders move, and indexes for the orders list's other filters
// (docs/scale.md, decision 031's second addendum). Numbered 034: 033 is kept for the checkout
// drafts' migration of another branch.
//
// 1. Figures. The stats summed every order of the period at each request (SQLite 120 ms of CPU at
//    100,000 orders). Two tables now hold the sums per day (the first ten characters of created_at,
//    as the stats always cut days), kept by triggers in the transaction of whatever moves an
//    order — placed, status or confirmation changed, totals or wilaya edited, deleted — as
//    product_sales is (migration 025):
//    - order_day_status (day, status): orders, their totals and delivery fees — the counts and
//      revenue of any period, the orders and revenue per day. It also keeps the smallest and the
//      largest id an order of that day ever had (never narrowed): a date filter of the orders list
//      walks only that range of ids (orders.repository.ts, dayIdRange);
//    - order_day_wilaya (day, wilaya, status, confirmation): orders — the last 30 days' rates per
//      wilaya.
//    A period reads a row per day and status (per day and combination for the wilayas), however
//    many orders the days hold. Rows are never removed; a row back to zero orders counts nothing.
//    Each is split in FIGURE_SLOTS rows by the order's id (slot = id % FIGURE_SLOTS; the reads sum
//    them): on PostgreSQL a row updated by one transaction waits for its commit before another
//    can update it, and every order placed today moves (today, pending); split, orders placed at
//    once by several processes mostly update different rows instead of queueing on one.
// 2. Filters. A page of the orders list reads its ids from an index holding the filter's columns,
//    then only its rows (listOrders, migration 031). Added: by wilaya (with the status,
//    confirmation, type and date beside it, for those filters combined with it), returned parcels
//    received or not (partial). The orders a courier's word contradicts have theirs since 017.
//    SQLite builds them here; PostgreSQL after the migrations' transaction (postgresIndexes).
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  // PostgreSQL: no order is written between the count of the past orders and the triggers (it
  // would be in neither); other processes' orders wait for the migration's commit (seconds at a
  // million orders). SQLite's migration holds the one write lock already.
  if (kind === 'postgres') await sql`lock table orders in share row exclusive mode`.execute(db);
  const big = kind === 'postgres' ? sql.raw('bigint') : sql.raw('integer');
  await sql`create table order_day_status (
    day text not null,
    status text not null,
    slot integer not null,
    order_count integer not null,
    total_cents ${big} not null,
    shipping_cents ${big} not null,
    first_id integer not null,
    last_id integer not null,
    primary key (day, status, slot)
  )`.execute(db);
  await sql`create table order_day_wilaya (
    day text not null,
    wilaya_name text not null,
    status text not null,
    confirmation text not null,
    slot integer not null,
    order_count integer not null,
    primary key (day, wilaya_name, status, confirmation, slot)
  )`.execute(db);
  await sql`insert into order_day_status (day, status, slot, order_count, total_cents, shipping_cents, first_id, last_id)
    select substr(created_at, 1, 10), status, ${SLOT}, count(*), sum(final_total_cents), sum(shipping_fee_cents), min(id), max(id)
    from orders group by 1, 2, 3`.execute(db);
  await sql`insert into order_day_wilaya (day, wilaya_name, status, confirmation, slot, order_count)
    select substr(created_at, 1, 10), wilaya_name, status, confirmation, ${SLOT}, count(*)
    from orders group by 1, 2, 3, 4, 5`.execute(db);
  if (kind === 'postgres') {
    await postgresTriggers(db);
    return;
  }
  await sqliteTriggers(db);
  for (const index of SQLITE_INDEXES) await index.execute(db);
}

/** Rows each figure is split in, by the order's id (see above). */
export const FIGURE_SLOTS = 4;
const SLOT_SQL = `id % ${FIGURE_SLOTS}`;
const SLOT = sql.raw(SLOT_SQL);

/** The columns whose change moves an order between rows of the figures. */
const MOVING = ['status', 'confirmation', 'wilaya_name', 'final_total_cents', 'shipping_fee_cents', 'created_at'];

/** The slot of an order `row` (new or old) as SQL: id % FIGURE_SLOTS here, 0 on SQLite since 036. */
export type SlotOf = (row: 'new' | 'old') => string;

/** SQL adding (sign 1) or taking away (-1) one order, `row` (new or old), in the figures. */
function sqliteMove(row: 'new' | 'old', sign: 1 | -1, slotOf: SlotOf) {
  if (sign === 1) {
    return sql.raw(`insert into order_day_status (day, status, slot, order_count, total_cents, shipping_cents, first_id, last_id)
        values (substr(${row}.created_at, 1, 10), ${row}.status, ${slotOf(row)}, 1, ${row}.final_total_cents, ${row}.shipping_fee_cents, ${row}.id, ${row}.id)
        on conflict (day, status, slot) do update set order_count = order_count + 1,
          total_cents = total_cents + excluded.total_cents, shipping_cents = shipping_cents + excluded.shipping_cents,
          first_id = min(first_id, excluded.first_id), last_id = max(last_id, excluded.last_id);
      insert into order_day_wilaya (day, wilaya_name, status, confirmation, slot, order_count)
        values (substr(${row}.created_at, 1, 10), ${row}.wilaya_name, ${row}.status, ${row}.confirmation, ${slotOf(row)}, 1)
        on conflict (day, wilaya_name, status, confirmation, slot) do update set order_count = order_count + 1;`);
  }
  return sql.raw(`update order_day_status set order_count = order_count - 1,
        total_cents = total_cents - ${row}.final_total_cents, shipping_cents = shipping_cents - ${row}.shipping_fee_cents
        where day = substr(${row}.created_at, 1, 10) and status = ${row}.status and slot = ${slotOf(row)};
      update order_day_wilaya set order_count = order_count - 1
        where day = substr(${row}.created_at, 1, 10) and wilaya_name = ${row}.wilaya_name
          and status = ${row}.status and confirmation = ${row}.confirmation and slot = ${slotOf(row)};`);
}

/** SQLite's triggers keeping the figures, each order in the row of `slotOf`. */
export async function sqliteTriggers(
  db: Kysely<unknown>,
  slotOf: SlotOf = (row) => `${row}.${SLOT_SQL}`,
): Promise<void> {
  await sql`create trigger order_figures_placed after insert on orders begin
      ${sqliteMove('new', 1, slotOf)}
    end`.execute(db);
  await sql`create trigger order_figures_moved after update of ${sql.raw(MOVING.join(', '))} on orders
    when ${sql.raw(MOVING.map((c) => `old.${c} is not new.${c}`).join(' or '))} begin
      ${sqliteMove('old', -1, slotOf)}
      ${sqliteMove('new', 1, slotOf)}
    end`.execute(db);
  await sql`create trigger order_figures_deleted after delete on orders begin
      ${sqliteMove('old', -1, slotOf)}
    end`.execute(db);
}

/**
 * Adds (1) or takes away (-1) the orders of `source` (a transition table, or `(select new.*)`) in
 * the figures. Rows are taken in the order of their keys, so that two transactions placing orders
 * at once lock them in the same order and never wait for each other in a circle.
 */
function postgresMove(source: string, sign: 1 | -1) {
  const s = sign === 1 ? '' : '-';
  return sql.raw(`insert into order_day_status as f (day, status, slot, order_count, total_cents, shipping_cents, first_id, last_id)
        select substr(created_at, 1, 10), status, ${SLOT_SQL}, ${s}count(*), ${s}sum(final_total_cents), ${s}sum(shipping_fee_cents), min(id), max(id)
        from ${source} o group by 1, 2, 3 order by 1, 2, 3
        on conflict (day, status, slot) do update set order_count = f.order_count + excluded.order_count,
          total_cents = f.total_cents + excluded.total_cents, shipping_cents = f.shipping_cents + excluded.shipping_cents,
          first_id = least(f.first_id, excluded.first_id), last_id = greatest(f.last_id, excluded.last_id);
      insert into order_day_wilaya as f (day, wilaya_name, status, confirmation, slot, order_count)
        select substr(created_at, 1, 10), wilaya_name, status, confirmation, ${SLOT_SQL}, ${s}count(*)
        from ${source} o group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
        on conflict (day, wilaya_name, status, confirmation, slot) do update set order_count = f.order_count + excluded.order_count;`);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // Orders are placed in batches (order-writes.ts): one statement-level trigger per insert.
  await sql`create function order_figures_placed() returns trigger language plpgsql as $$
    begin
      ${postgresMove('placed_orders', 1)}
      return null;
    end $$`.execute(db);
  await sql`create trigger order_figures_placed after insert on orders
    referencing new table as placed_orders for each statement
    execute function order_figures_placed()`.execute(db);
  await sql`create function order_figures_deleted() returns trigger language plpgsql as $$
    begin
      ${postgresMove('deleted_orders', -1)}
      return null;
    end $$`.execute(db);
  await sql`create trigger order_figures_deleted after delete on orders
    referencing old table as deleted_orders for each statement
    execute function order_figures_deleted()`.execute(db);
  // A trigger with a list of columns cannot see transition tables: row by row, when one moved.
  await sql`create function order_figures_moved() returns trigger language plpgsql as $$
    begin
      ${postgresMove('(select old.*)', -1)}
      ${postgresMove('(select new.*)', 1)}
      return null;
    end $$`.execute(db);
  await sql`create trigger order_figures_moved after update of ${sql.raw(MOVING.join(', '))} on orders
    for each row when (${sql.raw(MOVING.map((c) => `old.${c} is distinct from new.${c}`).join(' or '))})
    execute function order_figures_moved()`.execute(db);
}

// SQLite's indexes end with the row's key (the rowid, the order's id): (wilaya_name) is
// (wilaya_name, id), and the columns after the id let the other filters be checked in the index.
const SQLITE_INDEXES = [
  sql`create index orders_wilaya_newest on orders (wilaya_name, id, status, confirmation, type, created_at)`,
  sql`create index orders_returned_newest on orders (id, return_received_at) where status = 'returned'`,
];

/** PostgreSQL's indexes of this migration, each built with CREATE INDEX CONCURRENTLY. */
export function postgresIndexes(): { name: string; create: RawBuilder<unknown> }[] {
  return [
    {
      name: 'orders_wilaya_newest',
      create: sql`create index concurrently if not exists orders_wilaya_newest on orders (wilaya_name, id) include (status, confirmation, type, created_at)`,
    },
    {
      name: 'orders_returned_newest',
      create: sql`create index concurrently if not exists orders_returned_newest on orders (id) include (return_received_at) where status = 'returned'`,
    },
    {
      name: 'orders_newest_created',
      create: sql`create index concurrently if not exists orders_newest_created on orders (id) include (created_at)`,
    },
  ];
}
