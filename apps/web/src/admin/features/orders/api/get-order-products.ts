import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Product } from '../../../lib/types.ts';

/** GET /product/getAll: the products and their sizes, to change an order's lines. */
export async function getOrderProducts(): Promise<Product[]> {
  return (await adminRequest<Product[]>('/product/getAll')).data ?? [];
}

export const orderProductsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'order-products'], queryFn: getOrderProducts });

export function useOrderProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...orderProductsQueryOptions(), enabled });
}
