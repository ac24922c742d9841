import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandRatingsPage } from '@shop/domain/rating-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** Published brand reviews a page of the list shows. */
export const BRAND_RATINGS_PAGE = 20;
/** Waiting reviews listed at once: the owner approves them as they come, a few at a time. */
export const BRAND_WAITING_SHOWN = 100;

export interface BrandRatingsQuery {
  state: 'published' | 'waiting';
  page: number;
  q?: string;
}

/**
 * One page of the brand reviews, paged and searched by the server, with the average and counts
 * of every review (without `page` the server still answers them all, for older clients).
 */
export async function getBrandRatings({ state, page, q }: BrandRatingsQuery): Promise<BrandRatingsPage> {
  const limit = state === 'waiting' ? BRAND_WAITING_SHOWN : BRAND_RATINGS_PAGE;
  const params = new URLSearchParams({ page: String(page), limit: String(limit), state });
  if (q) params.set('q', q);
  return (await adminRequest<BrandRatingsPage>(`/BrandRating/getBrandRatings?${params.toString()}`)).data;
}

export const brandRatingsQueryOptions = (query: BrandRatingsQuery) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'brand-ratings', query],
    queryFn: () => getBrandRatings(query),
    placeholderData: keepPreviousData,
  });

export function useBrandRatings(query: BrandRatingsQuery) {
  return useQuery(brandRatingsQueryOptions(query));
}
