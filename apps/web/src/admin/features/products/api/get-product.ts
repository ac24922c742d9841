import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Product } from '../../../lib/types.ts';

export async function getProduct(id: number): Promise<Product> {
  return (await adminRequest<Product>(`/product/get/${id}`)).data;
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: [ADMIN_KEY, 'products', id], queryFn: () => getProduct(id), staleTime: 0 });

export function useProduct(id: number, initialData?: Product) {
  return useQuery({ ...productQueryOptions(id), initialData });
}
