import type { Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// A brand review is marked verified only when its author proved an order (its number and its
// phone together) when posting it. It was derived from the phone alone, which told anyone who
// posted a review whether a phone number had ordered. Reviews posted before carry no proof.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await db.schema
    .alterTable('brand_ratings')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
