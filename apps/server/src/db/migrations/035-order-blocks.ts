import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// The orders list without a filter, deep down, on SQLite (docs/scale.md, decision 031's third
// addendum). `getAllOrders?page=25000` skipped 500,000 orders with OFFSET: SQLite steps over every
// skipped row of the table's key, 100 ms of CPU at a million orders. `order_blocks` keeps how many orders each block of ORDERS_PER_BLOCK ids holds, by
// triggers in the transaction of every insert and delete (as product_sales, migration 025): the
// page's block is found by summing the blocks from the newest (a thousand rows at a million
// orders), and OFFSET then skips fewer than ORDERS_PER_BLOCK orders inside it. (The page's total,
// every order, is summed from the figures kept per day and status: migration 034.)
//
// SQLite only. PostgreSQL's unfiltered page walks the primary key's index alone (an index-only
// scan: 61 ms at page 25,000 of a million orders, as at 5,000 orders), and there every order
// placed would update the newest block's row and wait for the commit of the one placed before.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind === 'postgres') return;
  await sql`create table order_blocks (
    block integer primary key,
    order_count integer not null
  )`.execute(db);
  await sql`insert into order_blocks (block, order_count)
    select id / ${sql.raw(String(ORDERS_PER_BLOCK))}, count(*) from orders group by 1`.execute(db);
  await sql`create trigger order_blocks_placed after insert on orders begin
      insert into order_blocks (block, order_count) values (new.id / ${sql.raw(String(ORDERS_PER_BLOCK))}, 1)
        on conflict (block) do update set order_count = order_count + 1;
    end`.execute(db);
  await sql`create trigger order_blocks_deleted after delete on orders begin
      update order_blocks set order_count = order_count - 1 where block = old.id / ${sql.raw(String(ORDERS_PER_BLOCK))};
    end`.execute(db);
}

/** Ids per row of order_blocks: block = id / ORDERS_PER_BLOCK (integer division). */
export const ORDERS_PER_BLOCK = 1000;
