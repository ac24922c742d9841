import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_RATINGS_PAGE_SIZE } from '@shop/domain/constants';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export interface ProductRatingGroup {
  product_id: number;
  product_name: string;
  summary: { average_rating: number; total_ratings: number };
  recent_reviews: { id: number; customer_name: string; rating: number; review: string; created_at: string }[];
}

export interface ProductRatings {
  data: ProductRatingGroup[];
  total_pages: number;
  total_ratings: number;
}

export async function getProductRatings(page: number): Promise<ProductRatings> {
  return (await adminRequest<ProductRatings>(`/rating/getAllRatings/${page}/${ADMIN_RATINGS_PAGE_SIZE}`)).data;
}

export const productRatingsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'product-ratings', page],
    queryFn: () => getProductRatings(page),
    placeholderData: keepPreviousData,
  });

export function useProductRatings(page: number) {
  return useQuery(productRatingsQueryOptions(page));
}
