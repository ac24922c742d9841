import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { ShippingPrice } from '../../../lib/types.ts';

export async function getShippingPrices(): Promise<ShippingPrice[]> {
  return (await adminRequest<ShippingPrice[]>('/ShippingPrice/read')).data ?? [];
}

export const shippingPricesQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'shipping-prices'], queryFn: getShippingPrices });

export function useShippingPrices() {
  return useQuery(shippingPricesQueryOptions());
}
