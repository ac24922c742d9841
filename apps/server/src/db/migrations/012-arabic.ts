import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// The Arabic storefront: optional Arabic names and descriptions beside the French
// ones, shown on /ar when present (French otherwise).
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  const columns: [string, string][] = [
    ['products', 'name_ar'],
    ['products', 'description_ar'],
    ['product_types', 'name_ar'],
    ['product_types', 'description_ar'],
    ['custom_order_items', 'name_ar'],
    ['custom_order_items', 'description_ar'],
  ];
  for (const [table, column] of columns) {
    await sql`alter table ${sql.raw(table)} add column ${sql.raw(column)} text`.execute(db);
  }
}
