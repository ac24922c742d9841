import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WilayaDivisions } from '@shop/domain/shipping-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /ShippingPrice/divisions: the wilayas in force, the next division and when, the switches' log. */
export async function getWilayaDivisions(): Promise<WilayaDivisions | null> {
  return (await adminRequest<WilayaDivisions>('/ShippingPrice/divisions')).data ?? null;
}

export const wilayaDivisionsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'shipping-prices', 'divisions'], queryFn: getWilayaDivisions });

export function useWilayaDivisions() {
  return useQuery(wilayaDivisionsQueryOptions());
}
