// The reads that price an order (its products with their sizes, the wilaya's shipping fee, the
// coupon), shared by the orders that arrive together: DataLoader gathers the keys asked for until
// the event loop's next check phase (setImmediate), so every order whose request was read in the
// same turn shares one query per table instead of running three or four of its own (bench:
// they were most of the database's statements while orders were placed). Nothing is cached
// between turns: each gathering reads afresh, and the stock and coupon uses are decided again
// under lock by the write batch (order-writes.ts).
import DataLoader from 'dataloader';
import type { CouponRow, Database } from '../../db/database.ts';
import * as catalogRepo from '../catalog/catalog.repository.ts';
import * as couponsRepo from '../coupons/coupons.repository.ts';
import * as repo from './orders.repository.ts';

export type PricedProduct = Awaited<ReturnType<typeof repo.findProductsForOrder>>[number] & { sizes: string[] };

export interface PricingReads {
  /** A product by id, with the sizes it has (none for a product without sizes). */
  product: DataLoader<number, PricedProduct | undefined>;
  /** A shipping row by wilaya name, compared in lower case. */
  shipping: DataLoader<string, { wilaya_name: string; price_cents: number } | undefined>;
  /** A coupon by its exact code. */
  coupon: DataLoader<string, CouponRow | undefined>;
}

/** Keys per query at most: well under both databases' bound-parameter limits. */
const MAX_KEYS = 500;

function loader<K, V>(read: (keys: readonly K[]) => Promise<Map<K, V>>): DataLoader<K, V | undefined> {
  return new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await read(keys);
      return keys.map((key) => found.get(key));
    },
    { cache: false, maxBatchSize: MAX_KEYS, batchScheduleFn: (run) => setImmediate(run) },
  );
}

function createPricingReads(db: Database): PricingReads {
  return {
    product: loader(async (ids) => {
      const [products, sizes] = await Promise.all([
        repo.findProductsForOrder(db, ids),
        catalogRepo.findSizesOf(db, ids),
      ]);
      const sizesOf = new Map<number, string[]>();
      for (const row of sizes) sizesOf.set(row.product_id, [...(sizesOf.get(row.product_id) ?? []), row.size]);
      return new Map(products.map((p) => [p.id, { ...p, sizes: sizesOf.get(p.id) ?? [] }]));
    }),
    shipping: loader(async (names) => {
      const rows = await repo.findShippingByLowerNames(db, names);
      return new Map(rows.map(({ key, ...row }) => [key, row]));
    }),
    coupon: loader(async (codes) => {
      const rows = await couponsRepo.findCouponsByCodes(db, codes);
      return new Map(rows.map((row) => [row.code, row]));
    }),
  };
}

const readers = new WeakMap<Database, PricingReads>();

export function pricingReads(db: Database): PricingReads {
  let reads = readers.get(db);
  if (!reads) {
    reads = createPricingReads(db);
    readers.set(db, reads);
  }
  return reads;
}
