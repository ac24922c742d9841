import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { ProductType } from '../../../lib/types.ts';

export async function getProductTypes(): Promise<ProductType[]> {
  return (await adminRequest<ProductType[]>('/ProductType/getAll')).data ?? [];
}

export const productTypesQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'product-types'], queryFn: getProductTypes });

export function useProductTypes() {
  return useQuery(productTypesQueryOptions());
}
