import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import { takePageData } from '../../../../lib/page-data.ts';
import type { ProductType } from '../types.ts';

export async function getProductTypes(): Promise<ProductType[]> {
  return (await apiRequest<ProductType[]>('/ProductType/getAll')).data ?? [];
}

export const productTypesQuery = queryOptions({
  queryKey: ['product-types'],
  queryFn: getProductTypes,
  // The shop's HTML carries them (lib/page-data.ts).
  initialData: () => takePageData<ProductType[]>('/ProductType/getAll'),
});

export function useProductTypes() {
  return useQuery(productTypesQuery);
}
