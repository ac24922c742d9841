import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';
import { sqliteTriggers } from './034-order-figures.ts';

// SQLite's dashboard figures in one row per day and status (per day and combination for the
// wilayas), not FIGURE_SLOTS rows (migration 034). The slots spread PostgreSQL's orders placed at
// once by several processes over several rows; SQLite writes one transaction at a time, and there
// they only made the dashboard read four times the rows: the last 30 days' rates per wilaya
// summed ~30,000 rows at a million orders a year, 25 ms of the dashboard's 49. The rows are summed
// into slot 0 and the triggers write there from now on. PostgreSQL keeps its slots.
export async function up(db: Kysely<unknown>, kind: DialectKind): Promise<void> {
  if (kind === 'postgres') return;
  for (const trigger of ['order_figures_placed', 'order_figures_moved', 'order_figures_deleted']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`create temp table day_status_one_slot as
    select day, status, 0 as slot, sum(order_count) as order_count, sum(total_cents) as total_cents,
      sum(shipping_cents) as shipping_cents, min(first_id) as first_id, max(last_id) as last_id
    from order_day_status group by day, status`.execute(db);
  await sql`delete from order_day_status`.execute(db);
  await sql`insert into order_day_status (day, status, slot, order_count, total_cents, shipping_cents, first_id, last_id)
    select day, status, slot, order_count, total_cents, shipping_cents, first_id, last_id from day_status_one_slot`.execute(
    db,
  );
  await sql`drop table day_status_one_slot`.execute(db);
  await sql`create temp table day_wilaya_one_slot as
    select day, wilaya_name, status, confirmation, 0 as slot, sum(order_count) as order_count
    from order_day_wilaya group by day, wilaya_name, status, confirmation`.execute(db);
  await sql`delete from order_day_wilaya`.execute(db);
  await sql`insert into order_day_wilaya (day, wilaya_name, status, confirmation, slot, order_count)
    select day, wilaya_name, status, confirmation, slot, order_count from day_wilaya_one_slot`.execute(db);
  await sql`drop table day_wilaya_one_slot`.execute(db);
  await sqliteTriggers(db, () => '0');
}
