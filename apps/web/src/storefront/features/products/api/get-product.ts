import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import { takePageData } from '../../../../lib/page-data.ts';
import type { Product } from '../types.ts';

function productPath(id: number | string): string {
  return `/product/get/${encodeURIComponent(id)}`;
}

export async function getProduct(id: number | string): Promise<Product> {
  const { data } = await apiRequest<Product | null>(productPath(id));
  if (!data) throw new Error('Produit introuvable');
  return data;
}

export function productQuery(id: number | string) {
  return queryOptions({
    queryKey: ['products', 'one', String(id)],
    queryFn: () => getProduct(id),
    // The product page's HTML carries its product: drawn at once, no fetch (lib/page-data.ts).
    initialData: () => takePageData<Product>(productPath(id)),
    retry: false,
  });
}

export function useProduct(id: number | string) {
  return useQuery(productQuery(id));
}
