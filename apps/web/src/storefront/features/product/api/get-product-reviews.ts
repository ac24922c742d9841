// A product's reviews, newest first, a page at a time (GET /rating/getProductRatings/{id}).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { PRODUCT_REVIEWS_PAGE_SIZE } from '@shop/domain/constants';
import type { Review } from '@shop/domain/rating-responses';
import type { Paginated } from '@shop/domain/responses';
import { apiRequest } from '../../../../lib/api.ts';

type ReviewsPage = Paginated<Review>;

export async function getProductReviews(productId: number, page: number): Promise<ReviewsPage> {
  const query = `page=${page}&limit=${PRODUCT_REVIEWS_PAGE_SIZE}`;
  return (await apiRequest<ReviewsPage>(`/rating/getProductRatings/${productId}?${query}`)).data;
}

export function productReviewsQuery(productId: number) {
  return infiniteQueryOptions({
    queryKey: ['products', 'reviews', productId],
    queryFn: ({ pageParam }) => getProductReviews(productId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.has_next_page ? last.pagination.page + 1 : undefined),
  });
}

/** `enabled: false` waits (the list is fetched as it comes near the screen). */
export function useProductReviews(productId: number, enabled: boolean) {
  return useInfiniteQuery({ ...productReviewsQuery(productId), enabled });
}
