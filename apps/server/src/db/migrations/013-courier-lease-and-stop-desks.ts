import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Couriers, continued:
// - job_leases: a job that several server processes sharing the database may each start (the
//   courier status sync) is run by the one holding its row's lease; a lease ends at expires_at, so
//   a process that died holding one does not keep the job from running.
// - orders.courier_status_at: when the courier says the order's last status happened (its own
//   clock, "YYYY-MM-DD HH:MM:SS"), so a webhook event older than it, or sent again, changes nothing.
// - orders.stop_desk_name and stop_desk_address: the courier's stop desk as it was when the centre
//   was chosen, so a slip names it without asking the courier.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_started_at', 'text')
    .execute();
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of ['courier_status_at', 'stop_desk_name', 'stop_desk_address']) {
    await sql`alter table orders add column ${sql.raw(column)} text`.execute(db);
  }
}
