// The products an order's or a lead's lines name, and the search for one to add to an order: read
// by id and through the server's search, never the whole catalogue (a shop of 20,000 products is
// tens of megabytes: docs/scale.md).
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { Paginated } from '@shop/domain/responses';
import { ApiError } from '../../lib/api.ts';
import { ADMIN_KEY, adminRequest } from './admin-request.ts';
import type { Product } from './types.ts';

/** The key of every product read here: an order's change (stock) makes them stale (invalidate-orders.ts). */
export const ORDER_PRODUCTS_KEY = [ADMIN_KEY, 'order-products'] as const;

/** Products a search for a line to add shows at most. */
export const PRODUCT_SEARCH_LIMIT = 20;

/**
 * GET /product/get/{id} for each product of a few lines (an order's, a lead's cart). A product
 * deleted since is absent from `data`.
 */
export function useProductsById(ids: readonly number[], { enabled = true }: { enabled?: boolean } = {}) {
  return useQueries({
    queries: [...new Set(ids)].map((id) => ({
      queryKey: [...ORDER_PRODUCTS_KEY, 'id', id],
      queryFn: async (): Promise<Product | null> => {
        try {
          return (await adminRequest<Product>(`/product/get/${id}`)).data;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      enabled,
    })),
    combine: (results) => ({
      isPending: enabled && results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
      data: results.flatMap((r) => (r.data ? [r.data] : [])),
      refetch: () => Promise.all(results.map((r) => r.refetch())),
    }),
  });
}

/**
 * GET /product/getAll?page=1&limit=20&q=…: the products whose French or Arabic name holds each word
 * typed (the newest ones before anything is typed). The list shown stays while the next loads.
 */
export function useProductSearch(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...ORDER_PRODUCTS_KEY, 'search', q],
    queryFn: async () => {
      const params = new URLSearchParams({ page: '1', limit: String(PRODUCT_SEARCH_LIMIT) });
      if (q) params.set('q', q);
      return (await adminRequest<Paginated<Product>>(`/product/getAll?${params.toString()}`)).data?.data ?? [];
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
