import { apiRequest, type Envelope } from '../../../../lib/api.ts';

export interface BrandRatingPayload {
  customer_name: string;
  customer_phone: string;
  rating: number;
  review: string;
}

/** POST /BrandRating/create; throws ApiError on a non-2xx answer. */
export function createBrandRating(payload: BrandRatingPayload): Promise<Envelope<unknown>> {
  return apiRequest<unknown>('/BrandRating/create', { method: 'POST', body: payload });
}
