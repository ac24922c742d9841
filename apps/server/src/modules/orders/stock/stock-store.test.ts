import { todayIso } from '@shop/domain/coupon-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertCoupon, insertProduct, isoDateFromToday, productStock } from '../../../../test/fixtures.ts';
import { stockStoreOf, type StockMoves } from './stock-store.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// The store of the database the suite runs on (SQLite, or PostgreSQL in its second run).

/** Runs take in a transaction that is rolled back when it refuses, as the order batch does. */
async function take(takes: StockMoves): Promise<boolean> {
  try {
    return await t.db.kysely.transaction().execute(async (trx) => {
      if (!(await stockStoreOf(trx).take(trx, takes))) throw new Error('refused');
      return true;
    });
  } catch {
    return false;
  }
}

async function uses(couponId: number): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('coupons')
    .select('current_uses')
    .where('id', '=', couponId)
    .executeTakeFirstOrThrow();
  return row.current_uses;
}

describe('the stock store', () => {
  it('reads every size of the products, the products, and only the coupons usable today', async () => {
    const shirt = await insertProduct(t.db.kysely, { sizes: { S: 1, M: 2 } });
    const soap = await insertProduct(t.db.kysely, { stock: 7 });
    const usable = await insertCoupon(t.db.kysely, { code: 'USABLE', max_uses: 5, current_uses: 2 });
    const unlimited = await insertCoupon(t.db.kysely, { code: 'UNLIMITED', max_uses: null });
    const inactive = await insertCoupon(t.db.kysely, { code: 'OFF', is_active: false });
    const expired = await insertCoupon(t.db.kysely, { code: 'OLD', expiry_date: isoDateFromToday(-1) });
    const rows = await t.db.kysely
      .transaction()
      .execute((trx) =>
        stockStoreOf(trx).hold(trx, [soap, shirt, shirt], [usable, unlimited, inactive, expired], todayIso()),
      );
    expect(rows.sizes.sort((a, b) => a.size.localeCompare(b.size))).toEqual([
      // Each row is a variant (ADR 036): a product without colours has colour 0.
      { product_id: shirt, color_id: 0, size: 'M', stock: 2 },
      { product_id: shirt, color_id: 0, size: 'S', stock: 1 },
    ]);
    expect(rows.products.sort((a, b) => a.id - b.id)).toEqual([
      { id: shirt, stock: 3, has_sizes: 1 },
      { id: soap, stock: 7, has_sizes: 0 },
    ]);
    expect(rows.coupons.sort((a, b) => a.id - b.id)).toEqual([
      { id: usable, max_uses: 5, current_uses: 2 },
      { id: unlimited, max_uses: null, current_uses: 0 },
    ]);
  });

  it('takes what was decided, and refuses the whole batch when one row has less', async () => {
    const shirt = await insertProduct(t.db.kysely, { sizes: { S: 1, M: 2 } });
    const soap = await insertProduct(t.db.kysely, { stock: 7 });
    const coupon = await insertCoupon(t.db.kysely, { code: 'TROIS', max_uses: 3, current_uses: 1 });

    // One size row short: nothing of the batch stays written.
    expect(
      await take({
        sizes: [
          { product_id: shirt, size: 'M', quantity: 1 },
          { product_id: shirt, size: 'S', quantity: 2 },
        ],
        products: [
          [shirt, 3],
          [soap, 1],
        ],
        couponUses: [[coupon, 1]],
      }),
    ).toBe(false);
    expect(await productStock(t.db.kysely, shirt, 'M')).toBe(2);
    expect(await productStock(t.db.kysely, soap)).toBe(7);
    expect(await uses(coupon)).toBe(1);

    // More uses than the coupon has left: refused too.
    expect(await take({ sizes: [], products: [[soap, 1]], couponUses: [[coupon, 3]] })).toBe(false);
    expect(await productStock(t.db.kysely, soap)).toBe(7);

    expect(
      await take({
        sizes: [{ product_id: shirt, size: 'M', quantity: 2 }],
        products: [
          [shirt, 2],
          [soap, 7],
        ],
        couponUses: [[coupon, 2]],
      }),
    ).toBe(true);
    expect(await productStock(t.db.kysely, shirt, 'M')).toBe(0);
    expect(await productStock(t.db.kysely, shirt, 'S')).toBe(1);
    expect(await productStock(t.db.kysely, shirt)).toBe(1);
    expect(await productStock(t.db.kysely, soap)).toBe(0);
    expect(await uses(coupon)).toBe(3);
  });

  it('reads any coupon when no day is given (a reopened order keeps its code)', async () => {
    const expired = await insertCoupon(t.db.kysely, { code: 'EXPIRED', expiry_date: isoDateFromToday(-3) });
    const rows = await t.db.kysely.transaction().execute((trx) => stockStoreOf(trx).hold(trx, [], [expired], null));
    expect(rows.coupons.map((c) => c.id)).toEqual([expired]);
  });

  it('gives units and coupon uses back, never below 0 uses', async () => {
    const shirt = await insertProduct(t.db.kysely, { sizes: { S: 1, M: 2 } });
    const coupon = await insertCoupon(t.db.kysely, { code: 'RETOUR', max_uses: 3, current_uses: 1 });
    await t.db.kysely.transaction().execute((trx) =>
      stockStoreOf(trx).give(trx, {
        sizes: [{ product_id: shirt, size: 'S', quantity: 2 }],
        products: [[shirt, 2]],
        couponUses: [[coupon, 2]],
      }),
    );
    expect(await productStock(t.db.kysely, shirt, 'S')).toBe(3);
    expect(await productStock(t.db.kysely, shirt)).toBe(5);
    expect(await uses(coupon)).toBe(0);
  });
});

describe('the stock store, per variant (ADR 036)', () => {
  /** A product in two colours, M in each: its id and the colours' ids. */
  async function twoColours(red: number, blue: number) {
    const product = await insertProduct(t.db.kysely, { sizes: {} });
    const colour = async (name: string, position: number) =>
      (
        await t.db.kysely
          .insertInto('product_colors')
          .values({ product_id: product, name, slug: name.toLowerCase(), swatch: '#123456', position })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ids = { red: await colour('Rouge', 0), blue: await colour('Bleu', 1) };
    await t.db.kysely
      .insertInto('product_sizes')
      .values([
        { product_id: product, color_id: ids.red, size: 'M', stock: red },
        { product_id: product, color_id: ids.blue, size: 'M', stock: blue },
      ])
      .execute();
    await t.db.kysely
      .updateTable('products')
      .set({ stock: red + blue })
      .where('id', '=', product)
      .execute();
    return { product, ...ids };
  }
  const rowStock = async (product: number, colorId: number) =>
    (
      await t.db.kysely
        .selectFrom('product_sizes')
        .select('stock')
        .where('product_id', '=', product)
        .where('color_id', '=', colorId)
        .where('size', '=', 'M')
        .executeTakeFirstOrThrow()
    ).stock;

  it('reads each colour’s row, guards and moves it alone', async () => {
    const { product, red, blue } = await twoColours(1, 5);
    const rows = await t.db.kysely.transaction().execute((trx) => stockStoreOf(trx).hold(trx, [product], [], null));
    expect(rows.sizes.sort((a, b) => a.color_id - b.color_id)).toEqual([
      { product_id: product, color_id: red, size: 'M', stock: 1 },
      { product_id: product, color_id: blue, size: 'M', stock: 5 },
    ]);
    // Red has 1: two red units are refused though blue has 5 and the product 6.
    expect(
      await take({
        sizes: [{ product_id: product, color_id: red, size: 'M', quantity: 2 }],
        products: [[product, 2]],
        couponUses: [],
      }),
    ).toBe(false);
    expect(await rowStock(product, red)).toBe(1);
    expect(await rowStock(product, blue)).toBe(5);
    expect(
      await take({
        sizes: [{ product_id: product, color_id: blue, size: 'M', quantity: 2 }],
        products: [[product, 2]],
        couponUses: [],
      }),
    ).toBe(true);
    expect(await rowStock(product, red)).toBe(1);
    expect(await rowStock(product, blue)).toBe(3);
    await t.db.kysely.transaction().execute((trx) =>
      stockStoreOf(trx).give(trx, {
        sizes: [{ product_id: product, color_id: red, size: 'M', quantity: 4 }],
        products: [[product, 4]],
        couponUses: [],
      }),
    );
    expect(await rowStock(product, red)).toBe(5);
    expect(await rowStock(product, blue)).toBe(3);
    expect(await productStock(t.db.kysely, product)).toBe(8);
  });
});
