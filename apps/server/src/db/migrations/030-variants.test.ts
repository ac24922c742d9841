// Migration 030 on a shop's database as it was before colours (SQLite and PostgreSQL): every size
// row becomes the same size without a colour, with the same stock; the products read as before
// (letters, no colours); the new key takes a colour beside a size, and stock stays at least 0.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../connect.ts';
import { migrate } from '../migrate.ts';
import { migratedDatabase } from '../../../test/harness.ts';
import { insertProduct } from '../../../test/fixtures.ts';
import { toProducts } from '../../modules/catalog/catalog.service.ts';

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await migratedDatabase('029-draft-attribution'));
});
afterAll(() => close());

it('turns every size row into the same size without a colour, with the same stock', async () => {
  const shirt = await insertProduct(db.kysely, { name: 'T-shirt', sizes: { S: 2, M: 5, L: 0, XL: 1, XXL: 0 } });
  const pull = await insertProduct(db.kysely, { name: 'Pull', sizes: { M: 3 } });
  const soap = await insertProduct(db.kysely, { name: 'Savon', stock: 7 });
  const before = await db.kysely
    .selectFrom('product_sizes')
    .select(['product_id', 'size', 'stock'])
    .orderBy('product_id')
    .orderBy('size')
    .execute();
  expect(before).toHaveLength(6);

  await migrate(db);

  const after = await db.kysely
    .selectFrom('product_sizes')
    .select(['product_id', 'color_id', 'size', 'stock', 'sku', 'price_diff_cents'])
    .orderBy('product_id')
    .orderBy('size')
    .execute();
  expect(after).toEqual(before.map((row) => ({ ...row, color_id: 0, sku: null, price_diff_cents: 0 })));

  const rows = await db.kysely
    .selectFrom('products')
    .selectAll()
    .where('id', 'in', [shirt, pull, soap])
    .orderBy('id')
    .execute();
  const [readShirt, readPull, readSoap] = await toProducts(db.kysely, rows);
  expect(readShirt).toMatchObject({
    size_scale: 'letters',
    size_list: ['S', 'M', 'L', 'XL', 'XXL'],
    colors: [],
    stock: 8,
    size_s: 2,
    size_m: 5,
    size_xl: 1,
    sizes: [
      { name: 'S', stock: 2 },
      { name: 'M', stock: 5 },
      { name: 'L', stock: 0 },
      { name: 'XL', stock: 1 },
      { name: 'XXL', stock: 0 },
    ],
  });
  expect(readShirt?.variants.map((v) => [v.color_id, v.size, v.stock])).toEqual([
    [0, 'S', 2],
    [0, 'M', 5],
    [0, 'L', 0],
    [0, 'XL', 1],
    [0, 'XXL', 0],
  ]);
  expect(readPull?.sizes).toEqual([
    { name: 'S', stock: 0 },
    { name: 'M', stock: 3 },
    { name: 'L', stock: 0 },
    { name: 'XL', stock: 0 },
    { name: 'XXL', stock: 0 },
  ]);
  expect(readSoap).toMatchObject({ has_sizes: false, stock: 7, sizes: [], variants: [], size_scale: 'letters' });

  // The new key: a colour beside the same size; stock never below 0.
  const color = await db.kysely
    .insertInto('product_colors')
    .values({ product_id: pull, name: 'Rouge', name_ar: null, slug: 'rouge', swatch: '#c0392b', position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.kysely
    .insertInto('product_sizes')
    .values({ product_id: pull, color_id: color.id, size: 'M', stock: 2 })
    .execute();
  await expect(
    db.kysely
      .insertInto('product_sizes')
      .values({ product_id: pull, color_id: color.id, size: 'L', stock: -1 })
      .execute(),
  ).rejects.toThrow();
  await expect(
    db.kysely
      .insertInto('product_sizes')
      .values({ product_id: pull, color_id: color.id, size: 'M', stock: 1 })
      .execute(),
  ).rejects.toThrow();
});
