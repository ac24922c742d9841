import { queryOptions, useQuery } from '@tanstack/react-query';
import { RECENT_REVIEWS_LIMIT } from '@shop/domain/constants';
import type { Review } from '@shop/domain/rating-responses';
import { apiRequest } from '../../../../lib/api.ts';

export async function getRecentRatings(): Promise<Review[]> {
  return (await apiRequest<Review[]>(`/BrandRating/getRecentRatings?limit=${RECENT_REVIEWS_LIMIT}`)).data ?? [];
}

export const recentRatingsQuery = queryOptions({ queryKey: ['ratings', 'recent'], queryFn: getRecentRatings });

/** `enabled` false: not fetched yet (the section is still far below the screen). */
export function useRecentRatings(enabled = true) {
  return useQuery({ ...recentRatingsQuery, enabled });
}
