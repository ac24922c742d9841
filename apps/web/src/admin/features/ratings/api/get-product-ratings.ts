import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_RATINGS_PAGE_SIZE } from '@shop/domain/constants';
import type { ProductRatings } from '@shop/domain/rating-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

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
