import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// The units each product sold: the quantities of its lines in successful (delivered) orders, the
// best sellers' ranking. Summing every successful order's lines on each ranking cost seconds at a
// million orders; the counts are kept instead, by triggers, in the transaction of whatever changes
// them: an order becoming successful or leaving that status (the order desk, a courier's status, a
// bulk change), lines added to or removed from a successful order, a successful order deleted. A
// product deleted takes its count with it, as its lines then name no product (set null).
// The ranking reads the index (units desc, product_id desc): the ten best are its first ten rows.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  await sql`create table product_sales (
    product_id integer primary key references products(id) on delete cascade,
    units integer not null
  )`.execute(db);
  await sql`insert into product_sales (product_id, units)
    select i.product_id, sum(i.quantity) from order_items i join orders o on o.id = i.order_id
    where o.status = 'successful' and i.product_id is not null
    group by i.product_id`.execute(db);
  await sql`create index product_sales_rank on product_sales (units desc, product_id desc)`.execute(db);
  if (kind === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** Adds `sign` × the lines of `orderId` to their products' counts (SQL for a trigger's body). */
function moveLines(orderId: string, sign: 1 | -1) {
  return sql.raw(`insert into product_sales (product_id, units)
      select product_id, ${sign} * sum(quantity) from order_items
      where order_id = ${orderId} and product_id is not null group by product_id
      on conflict (product_id) do update set units = product_sales.units + excluded.units;`);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger product_sales_delivered after update of status on orders
    when old.status <> 'successful' and new.status = 'successful' begin
      ${moveLines('new.id', 1)}
    end`.execute(db);
  await sql`create trigger product_sales_undelivered after update of status on orders
    when old.status = 'successful' and new.status <> 'successful' begin
      ${moveLines('old.id', -1)}
    end`.execute(db);
  // Before the row goes: its lines are still there to be counted back (the cascade removing them
  // then finds no successful order above them).
  await sql`create trigger product_sales_order_deleted before delete on orders
    when old.status = 'successful' begin
      ${moveLines('old.id', -1)}
    end`.execute(db);
  await sql`create trigger product_sales_line_added after insert on order_items
    when new.product_id is not null
      and (select status from orders where id = new.order_id) = 'successful' begin
      insert into product_sales (product_id, units) values (new.product_id, new.quantity)
        on conflict (product_id) do update set units = product_sales.units + excluded.units;
    end`.execute(db);
  await sql`create trigger product_sales_line_removed after delete on order_items
    when old.product_id is not null
      and (select status from orders where id = old.order_id) = 'successful' begin
      update product_sales set units = units - old.quantity where product_id = old.product_id;
    end`.execute(db);
  await sql`create trigger product_sales_line_changed after update of quantity, product_id on order_items
    when (select status from orders where id = new.order_id) = 'successful' begin
      update product_sales set units = units - old.quantity where product_id = old.product_id;
      insert into product_sales (product_id, units) select new.product_id, new.quantity where new.product_id is not null
        on conflict (product_id) do update set units = product_sales.units + excluded.units;
    end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function product_sales_status() returns trigger language plpgsql as $$
    begin
      if new.status = 'successful' then
        ${moveLines('new.id', 1)}
      else
        ${moveLines('old.id', -1)}
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_sales_status after update of status on orders
    for each row when ((old.status = 'successful') is distinct from (new.status = 'successful'))
    execute function product_sales_status()`.execute(db);
  await sql`create function product_sales_order_deleted() returns trigger language plpgsql as $$
    begin
      ${moveLines('old.id', -1)}
      return old;
    end $$`.execute(db);
  await sql`create trigger product_sales_order_deleted before delete on orders
    for each row when (old.status = 'successful')
    execute function product_sales_order_deleted()`.execute(db);
  // Orders are placed in batches of lines (order-writes.ts): one statement-level trigger per
  // insert statement, which finds no successful order above new lines in the usual case.
  await sql`create function product_sales_lines_added() returns trigger language plpgsql as $$
    begin
      insert into product_sales (product_id, units)
        select n.product_id, sum(n.quantity) from new_lines n join orders o on o.id = n.order_id
        where o.status = 'successful' and n.product_id is not null group by n.product_id
        on conflict (product_id) do update set units = product_sales.units + excluded.units;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_sales_lines_added after insert on order_items
    referencing new table as new_lines for each statement
    execute function product_sales_lines_added()`.execute(db);
  await sql`create function product_sales_lines_removed() returns trigger language plpgsql as $$
    begin
      update product_sales s set units = s.units - r.units
        from (select l.product_id, sum(l.quantity) as units from old_lines l join orders o on o.id = l.order_id
              where o.status = 'successful' and l.product_id is not null group by l.product_id) r
        where s.product_id = r.product_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_sales_lines_removed after delete on order_items
    referencing old table as old_lines for each statement
    execute function product_sales_lines_removed()`.execute(db);
  await sql`create function product_sales_line_changed() returns trigger language plpgsql as $$
    begin
      if (select status from orders where id = new.order_id) = 'successful' then
        update product_sales set units = units - old.quantity where product_id = old.product_id;
        if new.product_id is not null then
          insert into product_sales (product_id, units) values (new.product_id, new.quantity)
            on conflict (product_id) do update set units = product_sales.units + excluded.units;
        end if;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_sales_line_changed after update of quantity, product_id on order_items
    for each row execute function product_sales_line_changed()`.execute(db);
}
