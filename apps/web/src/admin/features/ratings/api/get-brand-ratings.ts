import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export interface BrandRating {
  id: number;
  customer_name: string;
  customer_phone: string;
  rating: number;
  review: string;
  created_at: string;
}

export interface BrandRatings {
  data: BrandRating[];
  average_rating: number;
  total: number;
}

export async function getBrandRatings(): Promise<BrandRatings> {
  return (await adminRequest<BrandRatings>('/BrandRating/getBrandRatings')).data;
}

export const brandRatingsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'brand-ratings'], queryFn: getBrandRatings });

export function useBrandRatings() {
  return useQuery(brandRatingsQueryOptions());
}
