// The dashboard's low stock per variant (issue 30, ADR 036): a colour in a size under the owner's
// threshold is listed with its colour and its size as shown, beside sizes without colours and
// products sold without sizes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStats } from '@shop/domain/order-responses';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertProduct } from '../../../../test/fixtures.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

/** A product sold in colours, on a scale, with a stock per colour and size. */
async function coloured(
  name: string,
  scale: string,
  sizeList: string[] | null,
  stocks: Record<string, Record<string, number>>,
) {
  const id = await insertProduct(t.db.kysely, { name, price: 2000, sizes: { S: 0 } });
  const db = t.db.kysely;
  await db.deleteFrom('product_sizes').where('product_id', '=', id).execute();
  await db
    .updateTable('products')
    .set({ size_scale: scale, size_list: sizeList ? JSON.stringify(sizeList) : null })
    .where('id', '=', id)
    .execute();
  let position = 0;
  let total = 0;
  for (const [color, sizes] of Object.entries(stocks)) {
    const row = await db
      .insertInto('product_colors')
      .values({ product_id: id, name: color, name_ar: null, slug: color.toLowerCase(), swatch: '#aa0000', position })
      .returning('id')
      .executeTakeFirstOrThrow();
    position += 1;
    for (const [size, stock] of Object.entries(sizes)) {
      total += stock;
      await db.insertInto('product_sizes').values({ product_id: id, color_id: row.id, size, stock }).execute();
    }
  }
  await db.updateTable('products').set({ stock: total }).where('id', '=', id).execute();
  return id;
}

describe("the dashboard's low stock", () => {
  it('lists each colour × size at or under the threshold, with its colour and its size as shown', async () => {
    const headers = await t.adminHeaders();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/desk',
      headers,
      payload: { blacklist_policy: 'hold', low_stock_threshold: 3, review_moderation: false },
    });
    expect(put.statusCode).toBe(200);
    const dress = await coloured('Robe été', 'letters', null, { Rouge: { M: 2, L: 8 }, Bleu: { M: 7, L: 0 } });
    const kids = await coloured('Ensemble enfant', 'ages', ['2a', '4a'], { Vert: { '2a': 1, '4a': 5 } });
    const plain = await insertProduct(t.db.kysely, { name: 'Jupe sans couleur', price: 1000, sizes: { S: 3, M: 4 } });

    const res = await t.app.inject({ url: '/api/order/stats', headers });
    expect(res.statusCode).toBe(200);
    const low = res.json<{ data: OrderStats }>().data.low_stock;
    const mine = low.filter((l) => [dress, kids, plain].includes(l.product_id));
    // Fewest first; the red M of the dress is low while its blue M (7) is not.
    expect(mine).toEqual([
      {
        product_id: dress,
        name: 'Robe été',
        color_id: expect.any(Number),
        color: 'Bleu',
        size: 'L',
        size_label: 'L',
        stock: 0,
      },
      {
        product_id: kids,
        name: 'Ensemble enfant',
        color_id: expect.any(Number),
        color: 'Vert',
        size: '2a',
        size_label: '2 ans',
        stock: 1,
      },
      {
        product_id: dress,
        name: 'Robe été',
        color_id: expect.any(Number),
        color: 'Rouge',
        size: 'M',
        size_label: 'M',
        stock: 2,
      },
      { product_id: plain, name: 'Jupe sans couleur', color_id: 0, color: '', size: 'S', size_label: 'S', stock: 3 },
    ]);
    const colors = await t.db.kysely
      .selectFrom('product_colors')
      .select(['id', 'name'])
      .where('product_id', '=', dress)
      .execute();
    expect(mine[0]?.color_id).toBe(colors.find((c) => c.name === 'Bleu')?.id);
    expect(mine[2]?.color_id).toBe(colors.find((c) => c.name === 'Rouge')?.id);
  });
});
