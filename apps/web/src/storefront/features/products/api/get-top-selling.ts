import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import type { Product } from '../types.ts';

/** Best sellers: products ranked by units in delivered orders (GET /product/getTopSelling). */
export async function getTopSelling(): Promise<Product[]> {
  return (await apiRequest<Product[]>('/product/getTopSelling')).data ?? [];
}

export const topSellingQuery = queryOptions({ queryKey: ['products', 'top-selling'], queryFn: getTopSelling });

/** `enabled: false` waits (the home page asks when the section comes near the screen). */
export function useTopSelling(enabled = true) {
  return useQuery({ ...topSellingQuery, enabled });
}
