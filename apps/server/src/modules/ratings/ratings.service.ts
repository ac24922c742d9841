// Product ratings (only for a product of an order actually placed, DESIGN §3.8) and brand reviews.
import type { z } from 'zod';
import type {
  BrandRatingsQuery,
  brandRatingCreateSchema,
  productRatingCreateSchema,
} from '@shop/domain/rating-schemas';
import { averageRating } from '@shop/domain/ratings';
import type { Db } from '../../db/connect.ts';
import { paginated } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import * as repo from './ratings.repository.ts';
import { changeCatalog, productTag, recordCatalogChange, type CatalogTag } from '../../db/catalog-changes.ts';

/**
 * Every refusal of a product rating says the same (403): an unknown order, another phone, a
 * product not in the order, a cancelled order or a rating already given. Different answers told
 * anyone whether an order, a phone and a product go together.
 */
export const RATING_REFUSED = 'Vous ne pouvez noter que les produits d’une commande passée avec ce numéro, une fois';
export const BRAND_RATING_THANKS = 'Merci pour votre avis !';

/**
 * A product rating of a placed order. With review moderation on (`held`), it waits for the
 * owner's approval: not shown, not counted in the product's average until approved.
 */
export async function createProductRating(db: Db, input: z.output<typeof productRatingCreateSchema>, held = false) {
  // The product's average (its pages and reviews) and the order of lists sorted by rating change.
  const changes: CatalogTag[] = [productTag(input.product_id), 'lists'];
  return changeCatalog(
    db.kysely,
    async (trx) => {
      const order = await repo.findOrderWithProduct(trx, {
        orderId: input.order_id,
        productId: input.product_id,
        phone: input.customer_phone,
      });
      if (!order || (await repo.findRatingOfOrderProduct(trx, input.order_id, input.product_id))) {
        throw forbidden(RATING_REFUSED);
      }
      const created_at = new Date().toISOString();
      const { id } = await repo.insertProductRating(trx, { ...input, created_at, approved: held ? 0 : 1 });
      if (!held) await repo.adjustProductRating(trx, input.product_id, input.rating, 1);
      return {
        id,
        product_id: input.product_id,
        customer_name: input.customer_name,
        rating: input.rating,
        review: input.review,
        created_at,
      };
    },
    changes,
  );
}

export async function removeProductRating(db: Db, id: number): Promise<void> {
  await changeCatalog(
    db.kysely,
    async (trx) => {
      const rating = await repo.findProductRating(trx, id);
      if (!rating) throw notFound('Rating not found');
      await repo.deleteProductRating(trx, id);
      if (rating.approved === 1) await repo.adjustProductRating(trx, rating.product_id, -rating.rating, -1);
      return rating.product_id;
    },
    (productId) => [productTag(productId), 'lists'],
  );
}

/** Admin list: ratings grouped by product, newest activity first, paged by products. */
export async function listProductRatings(db: Db, page: number, limit: number) {
  const totals = await repo.countProductRatings(db.kysely);
  const products = await repo.listRatedProducts(db.kysely, (page - 1) * limit, limit);
  const reviews = await repo.listRatingsOfProducts(
    db.kysely,
    products.map((p) => p.product_id),
  );
  return {
    data: products.map((p) => ({
      product_id: p.product_id,
      product_name: p.product_name,
      summary: {
        average_rating: averageRating(Number(p.rating_sum), Number(p.rating_count)),
        total_ratings: Number(p.rating_count),
      },
      recent_reviews: reviews
        .filter((r) => r.product_id === p.product_id)
        .map(({ id, customer_name, rating, review, created_at, approved }) => ({
          id,
          customer_name,
          rating,
          review,
          created_at,
          approved: approved === 1,
        })),
    })),
    total_pages: Math.max(1, Math.ceil(totals.products / limit)),
    total_ratings: totals.ratings,
    published_ratings: totals.published,
    waiting_ratings: totals.ratings - totals.published,
  };
}

/**
 * The name a review is shown under: the first name and the initial of the last ("Amina B."). The
 * full name was given for a delivery, not for publication.
 */
export function publicName(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/** A product's reviews for its page: each was left with an order, so each is verified (DESIGN §3.8). */
export async function productReviews(db: Db, productId: number, page: number, limit: number) {
  const [rows, total] = await Promise.all([
    repo.listReviewsOfProduct(db.kysely, productId, (page - 1) * limit, limit),
    repo.countReviewsOfProduct(db.kysely, productId),
  ]);
  const reviews = rows.map((r) => ({ ...r, customer_name: publicName(r.customer_name), verified: true }));
  return paginated(reviews, page, limit, total);
}

/** A brand review; with review moderation on (`held`) it waits for the owner's approval. */
export async function createBrandRating(db: Db, input: z.output<typeof brandRatingCreateSchema>, held = false) {
  const created_at = new Date().toISOString();
  const { order_id: orderId, ...review } = input;
  // Verified only with proof of an order: its number and its phone together.
  const verified = orderId !== undefined && (await repo.orderOfPhoneExists(db.kysely, orderId, input.customer_phone));
  const { id } = await repo.insertBrandRating(db.kysely, {
    ...review,
    created_at,
    verified: verified ? 1 : 0,
    approved: held ? 0 : 1,
  });
  // Recent brand reviews are served from the catalogue cache: tell every process.
  await recordCatalogChange(db.kysely, ['reviews']);
  return { id, customer_name: input.customer_name, rating: input.rating, review: input.review, created_at, verified };
}

export async function recentBrandRatings(db: Db, limit: number) {
  const rows = await repo.listRecentBrandRatings(db.kysely, limit);
  return rows.map((r) => ({ ...r, verified: r.verified === 1 }));
}

export async function allBrandRatings(db: Db) {
  const rows = (await repo.listBrandRatings(db.kysely)).map((r) => ({ ...r, approved: r.approved === 1 }));
  const shown = rows.filter((r) => r.approved);
  const sum = shown.reduce((total, r) => total + r.rating, 0);
  return {
    data: rows,
    average_rating: averageRating(sum, shown.length),
    total: rows.length,
    published: shown.length,
    waiting: rows.length - shown.length,
  };
}

/** Brand reviews a page of the admin's list shows when the client does not say. */
export const BRAND_RATINGS_PAGE_SIZE = 20;

/**
 * One page of the brand reviews the query keeps, newest first, with the average and the counts of
 * every review beside it (what the whole list gave, without sending every review).
 */
export async function brandRatingsPage(db: Db, query: BrandRatingsQuery & { page: number }) {
  const limit = query.limit ?? BRAND_RATINGS_PAGE_SIZE;
  const filter = { state: query.state, q: query.q || undefined };
  const [rows, matched, figures] = await Promise.all([
    repo.findBrandRatingsPage(db.kysely, filter, limit, (query.page - 1) * limit),
    repo.countBrandRatings(db.kysely, filter),
    repo.brandRatingFigures(db.kysely),
  ]);
  const { data, pagination } = paginated(
    rows.map((r) => ({ ...r, approved: r.approved === 1 })),
    query.page,
    limit,
    matched,
  );
  return {
    data,
    pagination,
    average_rating: averageRating(figures.stars, figures.published),
    total: figures.total,
    published: figures.published,
    waiting: figures.total - figures.published,
  };
}

/** Approves a waiting product rating: shown, and counted in the product's average. */
export async function approveProductRating(db: Db, id: number): Promise<void> {
  await changeCatalog(
    db.kysely,
    async (trx) => {
      const rating = await repo.findProductRating(trx, id);
      if (!rating || !(await repo.approveRating(trx, 'product_ratings', id))) {
        throw notFound('No review waiting for approval with this id');
      }
      await repo.adjustProductRating(trx, rating.product_id, rating.rating, 1);
      return rating.product_id;
    },
    (productId) => [productTag(productId), 'lists'],
  );
}

export async function approveBrandRating(db: Db, id: number): Promise<void> {
  if (!(await repo.approveRating(db.kysely, 'brand_ratings', id))) {
    throw notFound('No review waiting for approval with this id');
  }
  await recordCatalogChange(db.kysely, ['reviews']);
}

export async function removeBrandRating(db: Db, id: number): Promise<void> {
  const result = await repo.deleteBrandRating(db.kysely, id);
  if (Number(result.numDeletedRows) === 0) throw notFound('Brand rating not found');
  await recordCatalogChange(db.kysely, ['reviews']);
}
