import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import type { Product } from '../types.ts';

export async function getLatestProducts(): Promise<Product[]> {
  return (await apiRequest<Product[]>('/product/getLatest')).data ?? [];
}

export const latestProductsQuery = queryOptions({ queryKey: ['products', 'latest'], queryFn: getLatestProducts });

export function useLatestProducts() {
  return useQuery(latestProductsQuery);
}
