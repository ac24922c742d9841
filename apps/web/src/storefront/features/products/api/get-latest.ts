import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import { takePageData } from '../../../../lib/page-data.ts';
import type { Product } from '../types.ts';

const LATEST_PATH = '/product/getLatest';

export async function getLatestProducts(): Promise<Product[]> {
  return (await apiRequest<Product[]>(LATEST_PATH)).data ?? [];
}

export const latestProductsQuery = queryOptions({
  queryKey: ['products', 'latest'],
  queryFn: getLatestProducts,
  // The home's HTML carries its new arrivals: drawn at once (lib/page-data.ts).
  initialData: () => takePageData<Product[]>(LATEST_PATH),
});

export function useLatestProducts() {
  return useQuery(latestProductsQuery);
}
