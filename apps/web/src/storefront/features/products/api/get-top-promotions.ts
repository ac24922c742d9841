import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import type { Product } from '../types.ts';

export async function getTopPromotions(): Promise<Product[]> {
  return (await apiRequest<Product[]>('/product/getTopPromotions')).data ?? [];
}

export const topPromotionsQuery = queryOptions({ queryKey: ['products', 'promotions'], queryFn: getTopPromotions });

export function useTopPromotions() {
  return useQuery(topPromotionsQuery);
}
