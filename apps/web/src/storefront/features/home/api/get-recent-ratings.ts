import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_REVIEWS_LIMIT } from '@shop/domain/constants';
import type { Review } from '@shop/domain/rating-responses';
import { apiRequest } from '../../../../lib/api.ts';

export async function getRecentRatings(): Promise<Review[]> {
  return (await apiRequest<Review[]>(`/BrandRating/getRecentRatings?limit=${RECENT_REVIEWS_LIMIT}`)).data ?? [];
}

export const recentRatingsQuery = queryOptions({ queryKey: ['ratings', 'recent'], queryFn: getRecentRatings });

export function useRecentRatings() {
  return useQuery(recentRatingsQuery);
}
