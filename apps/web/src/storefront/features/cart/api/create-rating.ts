import { apiRequest } from '../../../../lib/api.ts';

export interface ProductRatingPayload {
  product_id: number;
  order_id: number;
  customer_name: string;
  customer_phone: string;
  rating: number;
  review: string;
}

export async function createRating(payload: ProductRatingPayload): Promise<void> {
  await apiRequest('/rating/create', { method: 'POST', body: payload });
}
