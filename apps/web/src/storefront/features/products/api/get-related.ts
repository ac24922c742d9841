import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import type { Product } from '../types.ts';

export async function getRelatedProducts(id: number | string): Promise<Product[]> {
  return (await apiRequest<Product[]>(`/product/getRelated/${encodeURIComponent(id)}`)).data ?? [];
}

export function relatedProductsQuery(id: number | string) {
  return queryOptions({ queryKey: ['products', 'related', String(id)], queryFn: () => getRelatedProducts(id) });
}

/** `enabled: false` waits (the product page asks when the section comes near the screen). */
export function useRelatedProducts(id: number | string, enabled = true) {
  return useQuery({ ...relatedProductsQuery(id), enabled });
}
