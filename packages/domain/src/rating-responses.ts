// What the rating calls answer (docs/api.md, SPEC §3). The public shape of a review never
// carries a phone; only the back office's brand list does.
import { z } from 'zod';
import { paginationSchema } from './responses.ts';

const id = z.number().int();
const stars = z.number().int();

/**
 * A review as the storefront shows it: brand reviews (home) and a product's reviews; also the
 * 201 of POST /BrandRating/create (the reviewer's own review).
 */
export const publicReviewSchema = z
  .object({
    id,
    customer_name: z.string(),
    rating: stars,
    review: z.string(),
    created_at: z.string(),
    /** Left with the proof of an order. */
    verified: z.boolean(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof publicReviewSchema>;

/** 201 of POST /rating/create. */
export const productRatingCreatedSchema = z.object({
  id,
  product_id: id,
  customer_name: z.string(),
  rating: stars,
  review: z.string(),
  created_at: z.string(),
});

/** The back office's product ratings, grouped by product (GET /rating/getAllRatings/{page}/{limit}). */
export const productRatingGroupSchema = z
  .object({
    product_id: id,
    product_name: z.string(),
    summary: z.object({ average_rating: z.number(), total_ratings: z.number().int() }),
    recent_reviews: z.array(
      z.object({
        id,
        customer_name: z.string(),
        rating: stars,
        review: z.string(),
        created_at: z.string(),
        /** False while it waits for the owner's approval (review moderation). */
        approved: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ProductRatingGroup' });
export type ProductRatingGroup = z.infer<typeof productRatingGroupSchema>;

export const productRatingsSchema = z.object({
  data: z.array(productRatingGroupSchema),
  total_pages: z.number().int(),
  /** Every rating, published or waiting for approval; each of the two apart. */
  total_ratings: z.number().int(),
  published_ratings: z.number().int(),
  waiting_ratings: z.number().int(),
});
export type ProductRatings = z.infer<typeof productRatingsSchema>;

/** The back office's brand reviews, phones included (GET /BrandRating/getBrandRatings). */
export const brandRatingSchema = z
  .object({
    id,
    customer_name: z.string(),
    customer_phone: z.string(),
    rating: stars,
    review: z.string(),
    created_at: z.string(),
    /** False while it waits for the owner's approval (review moderation). */
    approved: z.boolean(),
  })
  .meta({ id: 'BrandRating' });
export type BrandRating = z.infer<typeof brandRatingSchema>;

export const brandRatingsSchema = z.object({
  data: z.array(brandRatingSchema),
  average_rating: z.number(),
  /** Every brand review, published or waiting for approval; each of the two apart. */
  total: z.number().int(),
  published: z.number().int(),
  waiting: z.number().int(),
});
export type BrandRatings = z.infer<typeof brandRatingsSchema>;

/** A page of the brand reviews, with the same average and counts (of every review) beside it. */
export const brandRatingsPageSchema = brandRatingsSchema.extend({ pagination: paginationSchema });
export type BrandRatingsPage = z.infer<typeof brandRatingsPageSchema>;
