import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import type { ProductType } from '../types.ts';

export async function getProductTypes(): Promise<ProductType[]> {
  return (await apiRequest<ProductType[]>('/ProductType/getAll')).data ?? [];
}

export const productTypesQuery = queryOptions({ queryKey: ['product-types'], queryFn: getProductTypes });

export function useProductTypes() {
  return useQuery(productTypesQuery);
}
