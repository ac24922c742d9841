import { z } from 'zod';
import { MAX_ID, idSchema, numberInput, optionalTypedText, queryInteger, typedText } from './common-schemas.ts';
import {
  DEFAULT_RATING,
  PRODUCT_REVIEWS_PAGE_SIZE,
  RATING_MAX,
  RATING_MIN,
  RECENT_REVIEWS_LIMIT,
} from './constants.ts';
import { CUSTOMER_NAME_MAX, REVIEW_MAX, REVIEW_MESSAGES, REVIEW_TEXT, REVIEWER_NAME_TEXT } from './customer-fields.ts';
import { customerPhoneSchema } from './phone.ts';

const stars = numberInput(
  z
    .number()
    .int({ error: REVIEW_MESSAGES.stars })
    .min(RATING_MIN, { error: REVIEW_MESSAGES.stars })
    .max(RATING_MAX, { error: REVIEW_MESSAGES.stars }),
  REVIEW_MESSAGES.stars,
  { decimals: true },
);
/** Shown with the review on the pages: typed-text.ts's rule. */
const reviewerName = typedText('name', CUSTOMER_NAME_MAX, REVIEWER_NAME_TEXT);

/** Brand review (SPEC §5, French messages). */
export const brandRatingCreateSchema = z.object({
  customer_name: reviewerName,
  customer_phone: customerPhoneSchema,
  rating: stars.optional().default(DEFAULT_RATING),
  /** The number of an order placed with this phone: the review then shows the verified mark. */
  order_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.replace(/^#/, '').trim() : v),
    numberInput(
      z
        .number()
        .int({ error: REVIEW_MESSAGES.orderNumber })
        .positive({ error: REVIEW_MESSAGES.orderNumber })
        .max(MAX_ID, { error: REVIEW_MESSAGES.orderNumber }),
      REVIEW_MESSAGES.orderNumber,
    ).optional(),
  ),
  // Several lines: a review keeps its line breaks.
  review: typedText('text', REVIEW_MAX, REVIEW_TEXT),
});
export type BrandRatingInput = z.input<typeof brandRatingCreateSchema>;

/**
 * Product rating (SPEC §3), only for a product of an order actually placed (DESIGN §3.8): the
 * checkout sends the new order's id and the phone it was placed with.
 */
export const productRatingCreateSchema = z.object({
  product_id: idSchema,
  order_id: idSchema,
  customer_name: reviewerName,
  customer_phone: customerPhoneSchema,
  rating: stars,
  review: optionalTypedText('text', REVIEW_MAX, REVIEW_TEXT).optional().default(''),
});

export const removeByIdSchema = z.object({ id: idSchema });

export const ratingsPageParamsSchema = z.object({
  page: queryInteger(1, 1_000_000, 'page'),
  limit: queryInteger(1, 100, 'limit'),
});

export const recentRatingsQuerySchema = z.object({
  limit: queryInteger(1, 50, 'limit').optional().default(RECENT_REVIEWS_LIMIT),
});

/** One product's public reviews, newest first. */
export const productReviewsQuerySchema = z.object({
  page: queryInteger(1, 1_000_000, 'page').default(1),
  limit: queryInteger(1, 50, 'limit').default(PRODUCT_REVIEWS_PAGE_SIZE),
});

/**
 * GET /BrandRating/getBrandRatings: with `page`, one page of the reviews (`limit`, default 20),
 * those published or those waiting (`state`), whose name, phone or text holds `q`. Without `page`
 * every review, as older clients read it.
 */
export const brandRatingsQuerySchema = z.object({
  page: queryInteger(1, 1_000_000, 'page').optional(),
  limit: queryInteger(1, 100, 'limit').optional(),
  state: z.enum(['published', 'waiting'], { error: 'state must be published or waiting' }).optional(),
  q: z.string().trim().max(100).optional(),
});
export type BrandRatingsQuery = z.infer<typeof brandRatingsQuerySchema>;
