import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import type { Product } from '../types.ts';

export async function getProduct(id: number | string): Promise<Product> {
  const { data } = await apiRequest<Product | null>(`/product/get/${encodeURIComponent(id)}`);
  if (!data) throw new Error('Produit introuvable');
  return data;
}

export function productQuery(id: number | string) {
  return queryOptions({ queryKey: ['products', 'one', String(id)], queryFn: () => getProduct(id), retry: false });
}

export function useProduct(id: number | string) {
  return useQuery(productQuery(id));
}
