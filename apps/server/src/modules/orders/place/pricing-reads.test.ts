import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { insertCoupon, insertProduct } from '../../../../test/fixtures.ts';
import { createPricingReads } from './pricing-reads.ts';

let t: TestContext;
let counted: Database;
const queries: RootOperationNode[] = [];

beforeAll(async () => {
  t = await createTestContext();
  // The same database seen through a plugin that records every query sent.
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => {
      queries.push(node);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  };
  counted = t.db.kysely.withPlugin(recorder);
});
afterAll(() => t.close());

describe('pricing reads of orders placed together', () => {
  it('reads the products of several orders with their sizes in one query per table', async () => {
    const shirt = await insertProduct(t.db.kysely, { name: 'Chemise', price: 1500, sizes: { S: 1, L: 2 } });
    const soap = await insertProduct(t.db.kysely, { name: 'Savon', price: 300, stock: 4 });
    queries.length = 0;
    const reads = createPricingReads(counted);
    // Three orders in the same turn of the event loop, one asking for a product that does not exist.
    const [a, b, c] = await Promise.all([
      reads.product.load(shirt),
      reads.product.load(soap),
      reads.product.load(999_999),
    ]);
    expect(queries).toHaveLength(2);
    expect(a).toMatchObject({ id: shirt, name: 'Chemise', price_cents: 150_000, has_sizes: 1 });
    expect(a?.sizes.sort()).toEqual(['L', 'S']);
    expect(b).toMatchObject({ id: soap, name: 'Savon', sizes: [] });
    expect(c).toBeUndefined();
  });

  it('reads afresh on the next turn: nothing is cached between orders', async () => {
    const soap = await insertProduct(t.db.kysely, { name: 'Savon', price: 300, stock: 4 });
    const reads = createPricingReads(counted);
    expect((await reads.product.load(soap))?.price_cents).toBe(30_000);
    await t.db.kysely.updateTable('products').set({ price_cents: 45_000 }).where('id', '=', soap).execute();
    expect((await reads.product.load(soap))?.price_cents).toBe(45_000);
  });

  it('finds shipping fees by lower-cased wilaya name and coupons by exact code, together', async () => {
    await insertCoupon(t.db.kysely, { code: 'ENSEMBLE', discount_percentage: 15 });
    const wilaya = await t.db.kysely
      .selectFrom('shipping_prices')
      .select(['id', 'wilaya_code', 'wilaya_name', 'price_cents', 'stop_desk_price_cents'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    queries.length = 0;
    const reads = createPricingReads(counted);
    // Two orders to the same wilaya (stored capitalised), one to an unknown place.
    const [first, second, missing, coupon, wrongCase] = await Promise.all([
      reads.shipping.load(wilaya.wilaya_name.toLowerCase()),
      reads.shipping.load(wilaya.wilaya_name.toLowerCase()),
      reads.shipping.load('nulle part'),
      reads.coupon.load('ENSEMBLE'),
      reads.coupon.load('ensemble'),
    ]);
    // The wilayas and their communes priced apart (none here), and the coupons.
    expect(queries).toHaveLength(3);
    expect(first).toEqual({ ...wilaya, communes: [] });
    expect(second).toEqual({ ...wilaya, communes: [] });
    expect(missing).toBeUndefined();
    expect(coupon).toMatchObject({ code: 'ENSEMBLE', discount_percentage: 15 });
    expect(wrongCase).toBeUndefined();
  });
});
