import { sql, type Kysely } from 'kysely';
import type { DialectKind } from '../connect.ts';

// A product sold by size holds the sum of its sizes. Saves and cancellations made before the
// owner's stock edits became changes against what they saw could leave it apart (a product
// switched to sizes while an order held units of its one stock: 8 with sizes summing to 5). The
// sizes are what orders are checked against, so the product's stock becomes their sum.
export async function up(db: Kysely<unknown>, _kind: DialectKind): Promise<void> {
  const sum = sql`(select coalesce(sum(s.stock), 0) from product_sizes s where s.product_id = products.id)`;
  await sql`update products set stock = ${sum} where has_sizes = 1 and stock <> ${sum}`.execute(db);
}
