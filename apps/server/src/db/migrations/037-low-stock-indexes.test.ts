// The dashboard's low stock (SQLite and PostgreSQL): the variants and the products without sizes at
// or under the threshold, fewest first, found through their stock's indexes (migration 037), not
// by reading the whole catalogue.
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { migratedDatabase } from '../../../test/harness.ts';
import { planOf, statementsOf } from '../../../test/query-plans.ts';
import { lowStock } from '../../modules/orders/desk/order-desk.repository.ts';

let db: Db;
let close: () => Promise<void>;
const THRESHOLD = 3;

beforeAll(async () => {
  ({ db, close } = await migratedDatabase());
  // 400 products sold by size and 200 without: one in 50 of each low.
  for (let i = 0; i < 600; i++) {
    const low = i % 50 === 7;
    const stock = low ? i % 4 : 20 + (i % 30);
    await insertProduct(
      db.kysely,
      i < 400
        ? { name: `Hoodie ${i}`, sizes: { S: stock, M: 20 + (i % 7), L: 25, XL: low ? 0 : 30 } }
        : { name: `Savon ${i}`, stock },
    );
  }
  await sql`${sql.raw(db.kind === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db.kysely);
});
afterAll(() => close());

it('lists the variants and products at or under the threshold, fewest first', async () => {
  const variants = await db.kysely
    .selectFrom('product_sizes')
    .select(['product_id', 'size', 'stock'])
    .where('stock', '<=', THRESHOLD)
    .execute();
  const plain = await db.kysely
    .selectFrom('products')
    .select(['id as product_id', 'stock'])
    .where('has_sizes', '=', 0)
    .where('stock', '<=', THRESHOLD)
    .execute();
  const low = await lowStock(db.kysely, THRESHOLD, 50);
  expect(low).toHaveLength(variants.length + plain.length);
  expect(low.map((r) => `${r.product_id}/${r.size}/${r.stock}`).sort()).toEqual(
    [
      ...variants.map((v) => `${v.product_id}/${v.size}/${v.stock}`),
      ...plain.map((p) => `${p.product_id}//${p.stock}`),
    ].sort(),
  );
  expect(low.map((r) => r.stock)).toEqual([...low.map((r) => r.stock)].sort((a, b) => a - b));
});

it('finds them through the stock’s indexes, not by reading every product and variant', async () => {
  const [statement] = await statementsOf(db, (k) => lowStock(k, THRESHOLD, 50));
  const plan = await planOf(db, statement!);
  if (db.kind === 'sqlite') {
    expect(plan).toMatch(/SEARCH product_sizes USING INDEX product_sizes_low_stock \(stock<\?\)/);
    expect(plan).toMatch(/SEARCH products USING INDEX products_low_stock \(stock<\?\)/);
    expect(plan).not.toMatch(/SCAN product(s|_sizes)\b/);
    return;
  }
  // (The 400 products joined to the few low variants may be read whole at this size, by choice: at
  // 20,000 they are looked up by key.)
  expect(plan).toMatch(/(Index|Bitmap Index) Scan (using|on) product_sizes_low_stock/);
  expect(plan).toMatch(/Index (Only )?Scan using products_low_stock on products/);
  expect(plan).not.toMatch(/Seq Scan on product_sizes\b/);
});
