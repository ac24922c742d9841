import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Delivery priced by commune: couriers price each commune, and most communes of a
// wilaya cost the wilaya's fee. A commune that costs something else has a row here: its own home
// fee and/or stop desk fee (null = the wilaya's). A wilaya removed takes its communes' fees along.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await db.schema
    .createTable('commune_fees')
    .addColumn('shipping_price_id', 'integer', (c) => c.notNull().references('shipping_prices.id').onDelete('cascade'))
    .addColumn('commune_name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.check(sql`price_cents >= 0`))
    .addColumn('stop_desk_price_cents', 'integer', (c) => c.check(sql`stop_desk_price_cents >= 0`))
    .addPrimaryKeyConstraint('commune_fees_pk', ['shipping_price_id', 'commune_name'])
    .addCheckConstraint('commune_fees_some_fee', sql`price_cents is not null or stop_desk_price_cents is not null`)
    .execute();
}
