// What placing orders needs beyond the database, made once per app by buildApp and decorated on
// it (app.orderPlacing), so that the one write path is visible where the app is assembled: the
// pricing reads and the stock reads shared by the requests that arrive together, and the batch
// writer that every regular order goes through. docs/how-an-order-is-placed.md follows it.
import type { Database } from '../../../db/database.ts';
import type { StockReads } from '../../catalog/catalog.service.ts';
import type { DeskSettingsReader } from '../../settings/settings.service.ts';
import type { Geography } from '../../shipping/geography.ts';
import { createOrderWriter, type OrderWriter } from './order-writes.ts';
import { createPricingReads, type PricingReads } from './pricing-reads.ts';

export interface OrderPlacing {
  db: Database;
  /** Products, shipping rows and coupons of the orders arriving together (pricing-reads.ts). */
  reads: PricingReads;
  /** Stock of the checks arriving together, for a refusal's report (catalog.service.ts). */
  stock: StockReads;
  /** Writes a regular order in the next batch; resolves after its commit (order-writes.ts). */
  write: OrderWriter;
  /** The order desk's settings (what a blacklisted phone's order does). */
  settings: DeskSettingsReader;
  /** The wilayas and communes in force, which an order's are checked against. */
  geography: Geography;
}

export function createOrderPlacing(
  db: Database,
  stock: StockReads,
  settings: DeskSettingsReader,
  geography: Geography,
): OrderPlacing {
  return { db, reads: createPricingReads(db), stock, write: createOrderWriter(db), settings, geography };
}

declare module 'fastify' {
  interface FastifyInstance {
    orderPlacing: OrderPlacing;
    stockReads: StockReads;
  }
}
