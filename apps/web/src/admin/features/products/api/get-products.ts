import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@shop/domain/responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Product } from '../../../lib/types.ts';

/** Products a page of the admin's list shows. */
export const ADMIN_PRODUCTS_PAGE = 50;

export interface ProductsQuery {
  page: number;
  /** The search box: each word in the French or Arabic name, as the shop's search reads it. */
  q: string;
}

/**
 * One page of the products, searched and counted by the server: a shop of 20,000 products is not
 * sent whole to the admin's browser. (Without `page` the server still answers every product, for
 * older clients.)
 */
export async function getProducts({ page, q }: ProductsQuery): Promise<Paginated<Product>> {
  const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_PRODUCTS_PAGE) });
  if (q) params.set('q', q);
  const { data } = await adminRequest<Paginated<Product>>(`/product/getAll?${params.toString()}`);
  return (
    data ?? {
      data: [],
      pagination: { page, limit: ADMIN_PRODUCTS_PAGE, total: 0, total_pages: 1, has_next_page: false },
    }
  );
}

export const productsQueryOptions = (query: ProductsQuery) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'products', query],
    queryFn: () => getProducts(query),
    // The page shown stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useProducts(query: ProductsQuery) {
  return useQuery(productsQueryOptions(query));
}
