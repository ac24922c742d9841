import type { z } from 'zod';
import type { brandRatingCreateSchema } from '@shop/domain/rating-schemas';
import { apiRequest, type Envelope } from '../../../../lib/api.ts';

export type BrandRatingPayload = z.input<typeof brandRatingCreateSchema>;

/** POST /BrandRating/create; throws ApiError on a non-2xx answer. */
export function createBrandRating(payload: BrandRatingPayload): Promise<Envelope<unknown>> {
  return apiRequest<unknown>('/BrandRating/create', { method: 'POST', body: payload });
}
