import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import { containsPattern } from '../../db/like.ts';

/**
 * The order the rating names, if it was placed with that phone, holds that product and was not
 * cancelled.
 */
export function findOrderWithProduct(db: Executor, input: { orderId: number; productId: number; phone: string }) {
  return (
    db
      .selectFrom('orders')
      .select('orders.id')
      .where('orders.id', '=', input.orderId)
      .where('orders.customer_phone', '=', input.phone)
      .where('orders.status', '!=', 'cancelled')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_items')
            .select(eb.lit(1).as('one'))
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where('order_items.product_id', '=', input.productId),
        ),
      )
      // Locks the order so that two concurrent ratings of it are serialised (SQLite already is).
      .$if(isPostgres(db), (qb) => qb.forUpdate())
      .executeTakeFirst()
  );
}

export function findRatingOfOrderProduct(db: Executor, orderId: number, productId: number) {
  return db
    .selectFrom('product_ratings')
    .select('id')
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export function insertProductRating(
  db: Executor,
  row: {
    product_id: number;
    order_id: number;
    customer_name: string;
    customer_phone: string;
    rating: number;
    review: string;
    created_at: string;
    approved: 0 | 1;
  },
) {
  return db.insertInto('product_ratings').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Approves a waiting review; false when there is none waiting with that id. */
export async function approveRating(db: Executor, table: 'product_ratings' | 'brand_ratings', id: number) {
  const result = await db
    .updateTable(table)
    .set({ approved: 1 })
    .where('id', '=', id)
    .where('approved', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps the product's denormalised rating totals in step with its ratings. */
export function adjustProductRating(db: Executor, productId: number, sumDelta: number, countDelta: number) {
  return db
    .updateTable('products')
    .set((eb) => ({
      rating_sum: eb('rating_sum', '+', sumDelta),
      rating_count: eb('rating_count', '+', countDelta),
    }))
    .where('id', '=', productId)
    .execute();
}

/** Product averages are part of the public catalogue: tell every process's cache. */

export function findProductRating(db: Executor, id: number) {
  return db
    .selectFrom('product_ratings')
    .select(['id', 'product_id', 'rating', 'approved'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function deleteProductRating(db: Executor, id: number) {
  return db.deleteFrom('product_ratings').where('id', '=', id).executeTakeFirst();
}

export function countProductRatings(db: Executor) {
  return db
    .selectFrom('product_ratings')
    .select((eb) => [
      eb.fn.countAll<number>().as('ratings'),
      sql<number>`coalesce(sum(approved), 0)`.as('published'),
      eb.fn.count<number>('product_id').distinct().as('products'),
    ])
    .executeTakeFirstOrThrow()
    .then((r) => ({ ratings: Number(r.ratings), published: Number(r.published), products: Number(r.products) }));
}

/** One page of rated products, the most recently reviewed first. */
export function listRatedProducts(db: Executor, offset: number, limit: number) {
  return db
    .selectFrom('product_ratings')
    .innerJoin('products', 'products.id', 'product_ratings.product_id')
    .select((eb) => [
      'product_ratings.product_id',
      'products.name as product_name',
      // The average and count of what the shop shows: waiting reviews are not in them.
      sql<number>`coalesce(sum(case when product_ratings.approved = 1 then product_ratings.rating else 0 end), 0)`.as(
        'rating_sum',
      ),
      sql<number>`coalesce(sum(product_ratings.approved), 0)`.as('rating_count'),
      eb.fn.max('product_ratings.created_at').as('last_rated_at'),
    ])
    .groupBy(['product_ratings.product_id', 'products.name'])
    .orderBy('last_rated_at', 'desc')
    .orderBy('product_ratings.product_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export function listRatingsOfProducts(db: Executor, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_ratings')
    .select(['id', 'product_id', 'customer_name', 'rating', 'review', 'created_at', 'approved'])
    .where('product_id', 'in', productIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** One product's reviews, newest first, without phones or order ids. */
export function listReviewsOfProduct(db: Executor, productId: number, offset: number, limit: number) {
  return db
    .selectFrom('product_ratings')
    .select(['id', 'customer_name', 'rating', 'review', 'created_at'])
    .where('product_id', '=', productId)
    .where('approved', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countReviewsOfProduct(db: Executor, productId: number): Promise<number> {
  const row = await db
    .selectFrom('product_ratings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', productId)
    .where('approved', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether an order of that number was placed with that phone (and not cancelled). */
export async function orderOfPhoneExists(db: Executor, orderId: number, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('customer_phone', '=', phone)
    .where('status', '!=', 'cancelled')
    .executeTakeFirst();
  return row !== undefined;
}

export function insertBrandRating(
  db: Executor,
  row: {
    customer_name: string;
    customer_phone: string;
    rating: number;
    review: string;
    created_at: string;
    verified: 0 | 1;
    approved: 0 | 1;
  },
) {
  return db.insertInto('brand_ratings').values(row).returning('id').executeTakeFirstOrThrow();
}

/** Latest brand reviews without phones, verified when posted with the proof of an order. */
export function listRecentBrandRatings(db: Executor, limit: number) {
  return db
    .selectFrom('brand_ratings')
    .select(['id', 'customer_name', 'rating', 'review', 'created_at', 'verified'])
    .where('approved', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function listBrandRatings(db: Executor) {
  return db
    .selectFrom('brand_ratings')
    .select(['id', 'customer_name', 'customer_phone', 'rating', 'review', 'created_at', 'approved'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export interface BrandRatingsFilter {
  state?: 'published' | 'waiting' | undefined;
  /** Held by the reviewer's name, phone or review, whatever the case. */
  q?: string | undefined;
}

function brandRatingsWhere(db: Executor, filter: BrandRatingsFilter) {
  let query = db.selectFrom('brand_ratings');
  if (filter.state) query = query.where('approved', '=', filter.state === 'published' ? 1 : 0);
  if (filter.q) {
    const pattern = containsPattern(filter.q.toLowerCase());
    query = query.where((eb) =>
      eb.or(
        (['customer_name', 'customer_phone', 'review'] as const).map((column) =>
          eb(sql<string>`lower(${sql.ref(column)})`, 'like', sql<string>`${pattern} escape '\\'`),
        ),
      ),
    );
  }
  return query;
}

/** A page of the brand reviews the filter keeps, newest first (the index on created_at). */
export function findBrandRatingsPage(db: Executor, filter: BrandRatingsFilter, limit: number, offset: number) {
  return brandRatingsWhere(db, filter)
    .select(['id', 'customer_name', 'customer_phone', 'rating', 'review', 'created_at', 'approved'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countBrandRatings(db: Executor, filter: BrandRatingsFilter): Promise<number> {
  const row = await brandRatingsWhere(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every brand review counted, published and waiting, and the published ones' stars summed. */
export async function brandRatingFigures(db: Executor) {
  const row = await db
    .selectFrom('brand_ratings')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`coalesce(sum(case when approved = 1 then 1 else 0 end), 0)`.as('published'),
      sql<number>`coalesce(sum(case when approved = 1 then rating else 0 end), 0)`.as('stars'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), published: Number(row.published), stars: Number(row.stars) };
}

export function deleteBrandRating(db: Executor, id: number) {
  return db.deleteFrom('brand_ratings').where('id', '=', id).executeTakeFirst();
}
