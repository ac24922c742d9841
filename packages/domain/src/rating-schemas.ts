import { z } from 'zod';
import { MAX_ID, idSchema } from './common-schemas.ts';
import {
  DEFAULT_RATING,
  PRODUCT_REVIEWS_PAGE_SIZE,
  RATING_MAX,
  RATING_MIN,
  RECENT_REVIEWS_LIMIT,
} from './constants.ts';
import { CUSTOMER_NAME_MAX, REVIEW_MAX, REVIEW_MESSAGES } from './customer-fields.ts';
import { customerPhoneSchema } from './phone.ts';

const stars = z.coerce
  .number({ error: REVIEW_MESSAGES.stars })
  .int({ error: REVIEW_MESSAGES.stars })
  .min(RATING_MIN, { error: REVIEW_MESSAGES.stars })
  .max(RATING_MAX, { error: REVIEW_MESSAGES.stars });
const reviewerName = z
  .string({ error: REVIEW_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: REVIEW_MESSAGES.nameRequired })
  .max(CUSTOMER_NAME_MAX, { error: REVIEW_MESSAGES.nameTooLong });

/** Brand review (SPEC §5, French messages). */
export const brandRatingCreateSchema = z.object({
  customer_name: reviewerName,
  customer_phone: customerPhoneSchema,
  rating: stars.optional().default(DEFAULT_RATING),
  /** The number of an order placed with this phone: the review then shows the verified mark. */
  order_id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.replace(/^#/, '').trim() : v),
    z.coerce
      .number({ error: REVIEW_MESSAGES.orderNumber })
      .int({ error: REVIEW_MESSAGES.orderNumber })
      .positive({ error: REVIEW_MESSAGES.orderNumber })
      .max(MAX_ID, { error: REVIEW_MESSAGES.orderNumber })
      .optional(),
  ),
  review: z
    .string({ error: REVIEW_MESSAGES.reviewRequired })
    .trim()
    .min(1, { error: REVIEW_MESSAGES.reviewRequired })
    .max(REVIEW_MAX, { error: REVIEW_MESSAGES.tooLong }),
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
  review: z.string().trim().max(REVIEW_MAX, { error: REVIEW_MESSAGES.tooLong }).optional().default(''),
});

export const removeByIdSchema = z.object({ id: idSchema });

export const ratingsPageParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000),
  limit: z.coerce.number().int().min(1).max(100),
});

export const recentRatingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional().default(RECENT_REVIEWS_LIMIT),
});

/** One product's public reviews, newest first. */
export const productReviewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(PRODUCT_REVIEWS_PAGE_SIZE),
});
