import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN, SHOP_PAGE_SIZE } from '@shop/domain/constants';
import { apiRequest } from '../../../../lib/api.ts';
import { takePageData } from '../../../../lib/page-data.ts';
import type { Pagination, Product } from '../types.ts';

export interface ProductFilters {
  page: number;
  type?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
  q?: string | undefined;
  /** A colour's slug. */
  color?: string | undefined;
  /** A size's key ("M", "38", "2a"). */
  size?: string | undefined;
}

export interface ProductPage {
  data: Product[];
  pagination: Pagination;
}

function productsPath(filters: ProductFilters): string {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(SHOP_PAGE_SIZE) });
  if (filters.type !== undefined) params.set('type', String(filters.type));
  // The slider's ends filter nothing (DESIGN §7.9): its bottom is every price, its top "5 000+",
  // so a product above 5 000 Da is never hidden by a filter the customer did not set.
  if (filters.min !== undefined && filters.min > PRICE_SLIDER_MIN) params.set('min', String(filters.min));
  if (filters.max !== undefined && filters.max < PRICE_SLIDER_MAX) params.set('max', String(filters.max));
  if (filters.q) params.set('q', filters.q);
  if (filters.color) params.set('color', filters.color);
  if (filters.size) params.set('size', filters.size);
  return `/product/getAll?${params.toString()}`;
}

function toPage(answer: ProductPage | null | undefined, page: number): ProductPage {
  return { data: answer?.data ?? [], pagination: answer?.pagination ?? emptyPagination(page) };
}

/** Filtering and paging are done by the server (DESIGN §3.9). */
export async function getProducts(filters: ProductFilters): Promise<ProductPage> {
  const { data } = await apiRequest<ProductPage>(productsPath(filters));
  return toPage(data, filters.page);
}

function emptyPagination(page: number): Pagination {
  return { page, limit: SHOP_PAGE_SIZE, total: 0, total_pages: 0, has_next_page: false };
}

export function productsQuery(filters: ProductFilters) {
  return queryOptions({
    queryKey: ['products', 'list', filters],
    queryFn: () => getProducts(filters),
    // The unfiltered shop's HTML carries its first page: drawn at once (lib/page-data.ts).
    initialData: () => {
      const answer = takePageData<ProductPage>(productsPath(filters));
      return answer ? toPage(answer, filters.page) : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

export function useProducts(filters: ProductFilters) {
  return useQuery(productsQuery(filters));
}
