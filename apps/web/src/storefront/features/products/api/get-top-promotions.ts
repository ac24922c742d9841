import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import { takePageData } from '../../../../lib/page-data.ts';
import type { Product } from '../types.ts';

const TOP_PROMOTIONS_PATH = '/product/getTopPromotions';

export async function getTopPromotions(): Promise<Product[]> {
  return (await apiRequest<Product[]>(TOP_PROMOTIONS_PATH)).data ?? [];
}

export const topPromotionsQuery = queryOptions({
  queryKey: ['products', 'promotions'],
  queryFn: getTopPromotions,
  // The home's HTML carries them (lib/page-data.ts).
  initialData: () => takePageData<Product[]>(TOP_PROMOTIONS_PATH),
});

export function useTopPromotions() {
  return useQuery(topPromotionsQuery);
}
