import { z } from 'zod';
import { idSchema, phonePattern } from './common-schemas.ts';
import { DEFAULT_RATING, RATING_MAX, RATING_MIN } from './constants.ts';

const stars = z.coerce
  .number({ error: 'La note doit être entre 1 et 5' })
  .int({ error: 'La note doit être entre 1 et 5' })
  .min(RATING_MIN, { error: 'La note doit être entre 1 et 5' })
  .max(RATING_MAX, { error: 'La note doit être entre 1 et 5' });

/** Brand review (SPEC §5, French messages). */
export const brandRatingCreateSchema = z.object({
  customer_name: z.string({ error: 'Le nom est requis' }).trim().min(1, { error: 'Le nom est requis' }).max(120),
  customer_phone: z
    .string({ error: 'Le numéro de téléphone est requis' })
    .trim()
    .min(1, { error: 'Le numéro de téléphone est requis' })
    .regex(phonePattern, { error: 'Le numéro de téléphone doit contenir 10 chiffres' }),
  rating: stars.optional().default(DEFAULT_RATING),
  review: z.string({ error: 'Votre avis est requis' }).trim().min(1, { error: 'Votre avis est requis' }).max(2000),
});
export type BrandRatingInput = z.input<typeof brandRatingCreateSchema>;

/**
 * Product rating (SPEC §3), only for a product of an order actually placed (DESIGN §3.8): the
 * checkout sends the new order's id and the phone it was placed with.
 */
export const productRatingCreateSchema = z.object({
  product_id: idSchema,
  order_id: idSchema,
  customer_name: z.string({ error: 'Le nom est requis' }).trim().min(1, { error: 'Le nom est requis' }).max(120),
  customer_phone: z
    .string({ error: 'Le numéro de téléphone est requis' })
    .trim()
    .regex(phonePattern, { error: 'Le numéro de téléphone doit contenir 10 chiffres' }),
  rating: stars,
  review: z.string().trim().max(2000).optional().default(''),
});

export const removeByIdSchema = z.object({ id: idSchema });

export const ratingsPageParamsSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000),
  limit: z.coerce.number().int().min(1).max(100),
});

export const recentRatingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional().default(5),
});
