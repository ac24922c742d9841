import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandRatings } from '@shop/domain/rating-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function getBrandRatings(): Promise<BrandRatings> {
  return (await adminRequest<BrandRatings>('/BrandRating/getBrandRatings')).data;
}

export const brandRatingsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'brand-ratings'], queryFn: getBrandRatings });

export function useBrandRatings() {
  return useQuery(brandRatingsQueryOptions());
}
