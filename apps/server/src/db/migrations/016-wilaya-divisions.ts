import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// A new division of the wilayas (DESIGN §7.3; the 69 wilayas of 1 January 2027): at the switch each
// new wilaya gets a shipping row with the fees of the wilaya it was made from, marked provisional
// until the owner saves it. Each division switched to is recorded once, when, and what was done
// (one line per wilaya, JSON), which the owner reads in Shipping Prices and which makes the switch
// run once even when several processes reach the date together.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await sql`alter table shipping_prices add column provisional integer not null default 0 check (provisional in (0, 1))`.execute(
    db,
  );
  await db.schema
    .createTable('division_switches')
    .addColumn('division', 'text', (c) => c.primaryKey())
    .addColumn('switched_at', 'text', (c) => c.notNull())
    .addColumn('log', 'text', (c) => c.notNull())
    .execute();
}
