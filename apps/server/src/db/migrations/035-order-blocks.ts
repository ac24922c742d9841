import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';
import { FIGURE_SLOTS } from './034-order-figures.ts';

// The orders list without a filter, deep down (docs/scale.md, decision 031's last addendum).
// `getAllOrders?page=25000` skipped 500,000 orders with OFFSET: SQLite stepped over every skipped
// key (68-136 ms of CPU at a million orders), PostgreSQL over as many index entries (58 ms).
// `order_blocks` keeps how many orders each block of ORDERS_PER_BLOCK ids holds, by triggers in the
// transaction of every insert and delete (as product_sales, migration 025): the page's block is
// found by summing the blocks from the newest (a thousand at a million orders), and OFFSET then
// skips fewer than ORDERS_PER_BLOCK orders inside it. (The page's total, every order, is summed
// from the figures kept per day and status: migration 034.)
//
// On PostgreSQL each block is split in FIGURE_SLOTS rows by the same slot as the figures (id %
// FIGURE_SLOTS): every order placed updates the newest block, and two transactions placing orders
// then wait for each other on a block's row only when they already do on the figures' row of the
// same slot (the figures are written after the blocks, each in key order: no circle). SQLite
// writes one transaction at a time: one row a block (slot 0), as its figures since 036.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  // PostgreSQL: no order is written between the count and the triggers (it would be in neither).
  if (kind === 'postgres') await sql`lock table orders in share row exclusive mode`.execute(db);
  await sql`create table order_blocks (
    block integer not null,
    slot integer not null,
    order_count integer not null,
    primary key (block, slot)
  )`.execute(db);
  const slot = kind === 'postgres' ? SLOT : sql.raw('0');
  await sql`insert into order_blocks (block, slot, order_count)
    select id / ${BLOCK}, ${slot}, count(*) from orders group by 1, 2`.execute(db);
  if (kind === 'postgres') {
    await postgresTriggers(db);
    return;
  }
  await sql`create trigger order_blocks_placed after insert on orders begin
      insert into order_blocks (block, slot, order_count) values (new.id / ${BLOCK}, 0, 1)
        on conflict (block, slot) do update set order_count = order_count + 1;
    end`.execute(db);
  await sql`create trigger order_blocks_deleted after delete on orders begin
      update order_blocks set order_count = order_count - 1 where block = old.id / ${BLOCK} and slot = 0;
    end`.execute(db);
}

/** Ids per block: block = id / ORDERS_PER_BLOCK (integer division). */
export const ORDERS_PER_BLOCK = 1000;
const BLOCK = sql.raw(String(ORDERS_PER_BLOCK));
const SLOT = sql.raw(`id % ${FIGURE_SLOTS}`);

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // Orders are placed in batches (order-writes.ts): one statement-level trigger per insert, its
  // rows taken in key order.
  for (const [name, table, sign] of [
    ['order_blocks_placed', 'placed_orders', ''],
    ['order_blocks_deleted', 'deleted_orders', '-'],
  ] as const) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$
      begin
        insert into order_blocks as b (block, slot, order_count)
          select id / ${BLOCK}, ${SLOT}, ${sql.raw(sign)}count(*) from ${sql.id(table)} group by 1, 2 order by 1, 2
          on conflict (block, slot) do update set order_count = b.order_count + excluded.order_count;
        return null;
      end $$`.execute(db);
    await sql`create trigger ${sql.id(name)} after ${sql.raw(sign === '' ? 'insert' : 'delete')} on orders
      referencing ${sql.raw(sign === '' ? 'new' : 'old')} table as ${sql.id(table)} for each statement
      execute function ${sql.id(name)}()`.execute(db);
  }
}
