// The stock store on PostgreSQL (stock-store.ts). Each step is one statement: the rows are read
// and locked by one UNION ALL of locking sub-selects (its members run one after the other, each
// locking its rows in its order: the global lock order), and moved by data-modifying CTEs over
// unnest() arrays. A batch holds its locks from `hold` to its commit, so the fewer round trips
// in between, the sooner the next batch (of this process or another) goes (bench profile).
import { sql } from 'kysely';
import { usableOn } from '../../coupons/coupons.service.ts';
import type { StockMoves, StockStore } from './stock-store.ts';

/** The three moves' arrays, as unnest() takes them. */
function arrays(moves: StockMoves) {
  return {
    sizeIds: moves.sizes.map((l) => l.product_id),
    sizeColors: moves.sizes.map((l) => l.color_id ?? 0),
    sizeNames: moves.sizes.map((l) => l.size),
    sizeQuantities: moves.sizes.map((l) => l.quantity),
    productIds: moves.products.map(([id]) => id),
    productQuantities: moves.products.map(([, quantity]) => quantity),
    couponIds: moves.couponUses.map(([id]) => id),
    couponUses: moves.couponUses.map(([, uses]) => uses),
  };
}

export const postgresStockStore: StockStore = {
  async hold(db, productIds, couponIds, couponsUsableOn) {
    const products = [...new Set(productIds)];
    const coupons = [...new Set(couponIds)];
    const sizeRows = db
      .selectFrom('product_sizes')
      .select(['product_id', 'color_id', 'size', 'stock'])
      .where('product_id', 'in', products.length > 0 ? products : [0])
      .orderBy('product_id')
      .orderBy('color_id')
      .orderBy('size')
      .forUpdate();
    const productRows = db
      .selectFrom('products')
      .select(['id', 'stock', 'has_sizes'])
      .where('id', 'in', products.length > 0 ? products : [0])
      .orderBy('id')
      .forUpdate();
    const couponRows = db
      .selectFrom('coupons')
      .select(['id', 'max_uses', 'current_uses'])
      .where('id', 'in', coupons.length > 0 ? coupons : [0])
      .$if(couponsUsableOn !== null, (q) => q.where(usableOn(couponsUsableOn ?? '')))
      .orderBy('id')
      .forUpdate();
    const members = [
      sql`select 'size' as kind, product_id as id, color_id, size, stock, null::integer as max_uses,
        0 as current_uses, 0 as has_sizes from ${sizeRows} s`,
      sql`select 'product', id, 0, '', stock, null, 0, has_sizes from ${productRows} p`,
      ...(coupons.length > 0
        ? [sql`select 'coupon', id, 0, '', 0, max_uses, current_uses, 0 from ${couponRows} c`]
        : []),
    ];
    const result = await sql<{
      kind: 'size' | 'product' | 'coupon';
      id: number;
      color_id: number;
      size: string;
      stock: number;
      max_uses: number | null;
      current_uses: number;
      has_sizes: number;
    }>`${sql.join(members, sql` union all `)}`.execute(db);
    const of = (kind: string) => result.rows.filter((row) => row.kind === kind);
    return {
      sizes: of('size').map((row) => ({
        product_id: row.id,
        color_id: row.color_id,
        size: row.size,
        stock: row.stock,
      })),
      products: of('product').map((row) => ({ id: row.id, stock: row.stock, has_sizes: row.has_sizes })),
      coupons: of('coupon').map((row) => ({ id: row.id, max_uses: row.max_uses, current_uses: row.current_uses })),
    };
  },

  async take(db, moves) {
    const a = arrays(moves);
    const result = await sql<{ sizes: number; products: number; coupons: number }>`with
      s as (update product_sizes set stock = product_sizes.stock - v.quantity
        from unnest(${a.sizeIds}::integer[], ${a.sizeColors}::integer[], ${a.sizeNames}::text[],
          ${a.sizeQuantities}::integer[]) as v(product_id, color_id, size, quantity)
        where product_sizes.product_id = v.product_id and product_sizes.color_id = v.color_id
          and product_sizes.size = v.size
          and product_sizes.stock >= v.quantity
        returning 1),
      p as (update products set stock = products.stock - v.quantity
        from unnest(${a.productIds}::integer[], ${a.productQuantities}::integer[]) as v(id, quantity)
        where products.id = v.id and products.stock >= v.quantity
        returning 1),
      c as (update coupons set current_uses = coupons.current_uses + v.uses
        from unnest(${a.couponIds}::integer[], ${a.couponUses}::integer[]) as v(id, uses)
        where coupons.id = v.id and (coupons.max_uses is null or coupons.current_uses + v.uses <= coupons.max_uses)
        returning 1)
      select (select count(*) from s) as sizes, (select count(*) from p) as products,
        (select count(*) from c) as coupons`.execute(db);
    const counts = result.rows[0];
    return (
      Number(counts?.sizes) === moves.sizes.length &&
      Number(counts?.products) === moves.products.length &&
      Number(counts?.coupons) === moves.couponUses.length
    );
  },

  async give(db, moves) {
    const a = arrays(moves);
    await sql`with
      s as (update product_sizes set stock = product_sizes.stock + v.quantity
        from unnest(${a.sizeIds}::integer[], ${a.sizeColors}::integer[], ${a.sizeNames}::text[],
          ${a.sizeQuantities}::integer[]) as v(product_id, color_id, size, quantity)
        where product_sizes.product_id = v.product_id and product_sizes.color_id = v.color_id
          and product_sizes.size = v.size
        returning 1),
      p as (update products set stock = products.stock + v.quantity
        from unnest(${a.productIds}::integer[], ${a.productQuantities}::integer[]) as v(id, quantity)
        where products.id = v.id
        returning 1),
      c as (update coupons set current_uses = greatest(0, coupons.current_uses - v.uses)
        from unnest(${a.couponIds}::integer[], ${a.couponUses}::integer[]) as v(id, uses)
        where coupons.id = v.id
        returning 1)
      select 1`.execute(db);
  },
};
