import type { z } from 'zod';
import type { productRatingCreateSchema } from '@shop/domain/rating-schemas';
import { apiRequest } from '../../../../lib/api.ts';

export type ProductRatingPayload = z.input<typeof productRatingCreateSchema>;

export async function createRating(payload: ProductRatingPayload): Promise<void> {
  await apiRequest('/rating/create', { method: 'POST', body: payload });
}
