import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_REVIEWS_LIMIT } from '@shop/domain/constants';
import { apiRequest } from '../../../../lib/api.ts';

export interface Review {
  id: number;
  customer_name: string;
  rating: number;
  review: string;
  created_at: string;
  verified?: boolean;
}

export async function getRecentRatings(): Promise<Review[]> {
  return (await apiRequest<Review[]>(`/BrandRating/getRecentRatings?limit=${RECENT_REVIEWS_LIMIT}`)).data ?? [];
}

export const recentRatingsQuery = queryOptions({ queryKey: ['ratings', 'recent'], queryFn: getRecentRatings });

export function useRecentRatings() {
  return useQuery(recentRatingsQuery);
}
