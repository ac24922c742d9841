import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminShippingPrice } from '@shop/domain/shipping-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /ShippingPrice/all: every row, offered or not yet (a wilaya of a division not in force), provisional or not. */
export async function getShippingPrices(): Promise<AdminShippingPrice[]> {
  return (await adminRequest<AdminShippingPrice[]>('/ShippingPrice/all')).data ?? [];
}

export const shippingPricesQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'shipping-prices'], queryFn: getShippingPrices });

export function useShippingPrices() {
  return useQuery(shippingPricesQueryOptions());
}
