// The stock store on SQLite (stock-store.ts): the batch's transaction holds the database's write
// lock, so plain reads see rows no one else changes before the commit; updates take whole lists
// at once with `update … from (values …)`, chunked under the bound-parameter limit.
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database.ts';
import { usableOn } from '../../coupons/coupons.service.ts';
import type { StockMoves, StockRows, StockStore } from './stock-store.ts';

/** Rows per statement: well under SQLite's bound-parameter limit. */
const CHUNK = 500;

function chunked<T>(items: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return chunks;
}

/** `update … from (values …) as v`, whose columns are column1, column2, …; rows updated. */
async function updateFromValues(
  db: Executor,
  rows: readonly RawBuilder<unknown>[],
  update: (values: RawBuilder<unknown>) => RawBuilder<unknown>,
): Promise<number> {
  let updated = 0;
  for (const chunk of chunked(rows)) {
    const result = await update(sql`(values ${sql.join(chunk)}) as v`).execute(db);
    updated += Number(result.numAffectedRows ?? 0n);
  }
  return updated;
}

export const sqliteStockStore: StockStore = {
  async hold(db, productIds, couponIds, couponsUsableOn) {
    const rows: StockRows = { sizes: [], products: [], coupons: [] };
    for (const ids of chunked([...new Set(productIds)])) {
      rows.sizes.push(
        ...(await db
          .selectFrom('product_sizes')
          .select(['product_id', 'color_id', 'size', 'stock'])
          .where('product_id', 'in', ids)
          .execute()),
      );
      rows.products.push(
        ...(await db.selectFrom('products').select(['id', 'stock', 'has_sizes']).where('id', 'in', ids).execute()),
      );
    }
    for (const ids of chunked([...new Set(couponIds)])) {
      rows.coupons.push(
        ...(await db
          .selectFrom('coupons')
          .select(['id', 'max_uses', 'current_uses'])
          .where('id', 'in', ids)
          .$if(couponsUsableOn !== null, (q) => q.where(usableOn(couponsUsableOn ?? '')))
          .execute()),
      );
    }
    return rows;
  },

  async take(db, moves: StockMoves) {
    const sizes = await updateFromValues(
      db,
      moves.sizes.map((l) => sql`(${l.product_id}, ${l.color_id ?? 0}, ${l.size}, ${l.quantity})`),
      (values) => sql`update product_sizes set stock = product_sizes.stock - v.column4 from ${values}
        where product_sizes.product_id = v.column1 and product_sizes.color_id = v.column2
          and product_sizes.size = v.column3 and product_sizes.stock >= v.column4`,
    );
    if (sizes !== moves.sizes.length) return false;
    const products = await updateFromValues(
      db,
      moves.products.map(([id, quantity]) => sql`(${id}, ${quantity})`),
      (values) => sql`update products set stock = products.stock - v.column2 from ${values}
        where products.id = v.column1 and products.stock >= v.column2`,
    );
    if (products !== moves.products.length) return false;
    const coupons = await updateFromValues(
      db,
      moves.couponUses.map(([id, uses]) => sql`(${id}, ${uses})`),
      (values) => sql`update coupons set current_uses = coupons.current_uses + v.column2 from ${values}
        where coupons.id = v.column1
          and (coupons.max_uses is null or coupons.current_uses + v.column2 <= coupons.max_uses)`,
    );
    return coupons === moves.couponUses.length;
  },

  async give(db, moves: StockMoves) {
    await updateFromValues(
      db,
      moves.sizes.map((l) => sql`(${l.product_id}, ${l.color_id ?? 0}, ${l.size}, ${l.quantity})`),
      (values) => sql`update product_sizes set stock = product_sizes.stock + v.column4 from ${values}
        where product_sizes.product_id = v.column1 and product_sizes.color_id = v.column2
          and product_sizes.size = v.column3`,
    );
    await updateFromValues(
      db,
      moves.products.map(([id, quantity]) => sql`(${id}, ${quantity})`),
      (values) => sql`update products set stock = products.stock + v.column2 from ${values}
        where products.id = v.column1`,
    );
    await updateFromValues(
      db,
      moves.couponUses.map(([id, uses]) => sql`(${id}, ${uses})`),
      (values) => sql`update coupons set current_uses = max(0, coupons.current_uses - v.column2) from ${values}
        where coupons.id = v.column1`,
    );
  },
};
