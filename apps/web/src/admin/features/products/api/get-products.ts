import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Product } from '../../../lib/types.ts';

/** Without `page` the server answers every product (the admin list, DESIGN §3.9). */
export async function getProducts(): Promise<Product[]> {
  return (await adminRequest<Product[]>('/product/getAll')).data ?? [];
}

export const productsQueryOptions = () => queryOptions({ queryKey: [ADMIN_KEY, 'products'], queryFn: getProducts });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
