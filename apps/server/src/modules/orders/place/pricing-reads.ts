// The reads that price an order (its products with their colours and variants, the wilaya's shipping fee, the
// coupon), shared by the orders that arrive together (db/batched-reads.ts): one query per table
// for all of them instead of three or four per order, which were most of the database's
// statements while orders were placed (bench). The stock and coupon uses are decided again under
// lock by the write batch (order-writes.ts).
import type DataLoader from 'dataloader';
import { batchedReads } from '../../../db/batched-reads.ts';
import type { CouponRow, Database } from '../../../db/database.ts';
import * as coupons from '../../coupons/coupons.service.ts';
import { shippingRowsOf } from '../delivery.ts';
import type { KnownKey } from './order-keys.ts';
import * as repo from '../orders.repository.ts';
import * as desk from '../desk/order-desk.repository.ts';
import { duplicateWindowStart } from './duplicates.ts';
import { findOrderProducts, type OrderProduct } from '../variant-products.ts';

/** A wilaya's row of the shipping table. */
export type WilayaFeeRow = Awaited<ReturnType<typeof repo.findShippingRows>>[number];

/** A commune priced apart from its wilaya (null: the wilaya's fee for that delivery type). */
export interface CommuneFee {
  name: string;
  price_cents: number | null;
  stop_desk_price_cents: number | null;
}

/** A wilaya's row with its communes priced apart. */
export type ShippingRow = WilayaFeeRow & { communes: CommuneFee[] };

/** A product with its colours and variants, and the sizes it has (over its colours). */
export type PricedProduct = OrderProduct & { sizes: string[] };

export interface PricingReads {
  /** A product by id, with its colours and variants (none for a product with one stock). */
  product: DataLoader<number, PricedProduct | undefined>;
  /** A shipping row by wilaya name, compared by wilayaKey (packages/domain/wilaya.ts), with its communes' own fees. */
  shipping: DataLoader<string, ShippingRow | undefined>;
  /** A coupon by its exact code. */
  coupon: DataLoader<string, CouponRow | undefined>;
  /** A phone's blacklist entry, if any. */
  blacklisted: DataLoader<string, { phone: string; reason: string } | undefined>;
  /** A phone's open orders of the last 24 hours (a possible duplicate). */
  openOrders: DataLoader<string, number | undefined>;
  /** The order an Idempotency-Key placed before, if any (order-keys.ts). */
  orderKey: DataLoader<string, KnownKey | undefined>;
}

/** The pricing loaders of a database: one set per app (orders/order-placing.ts). */
export function createPricingReads(db: Database): PricingReads {
  return {
    product: batchedReads(async (ids) => {
      const products = await findOrderProducts(db, ids);
      return new Map(
        [...products].map(([id, p]) => [id, { ...p, sizes: [...new Set(p.variants.map((v) => v.size))] }]),
      );
    }),
    shipping: batchedReads(() => shippingRowsOf(db)),
    orderKey: batchedReads(async (keys) => new Map((await repo.findOrderKeys(db, keys)).map((row) => [row.key, row]))),
    coupon: batchedReads(async (codes) => {
      const rows = await coupons.findCouponsByCodes(db, codes);
      return new Map(rows.map((row) => [row.code, row]));
    }),
    blacklisted: batchedReads(async (phones) => {
      const rows = await desk.findBlacklisted(db, phones);
      return new Map(rows.map((row) => [row.phone, row]));
    }),
    openOrders: batchedReads(async (phones) => {
      const rows = await desk.openOrdersSince(db, phones, duplicateWindowStart());
      return new Map(rows.map((row) => [row.customer_phone, Number(row.n)]));
    }),
  };
}
