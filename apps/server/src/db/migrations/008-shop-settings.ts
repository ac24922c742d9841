import type { Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// Settings the owner changes in the back office (the accounts a custom order's advance payment
// goes to), as key/value rows: a new setting is a new key, not a new column.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  await db.schema
    .createTable('shop_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
