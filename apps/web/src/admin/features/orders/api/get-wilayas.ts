import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { ShippingPrice } from '../../../lib/types.ts';

// The orders feature reads the wilayas itself: the shipping page is another page feature, which
// a page does not import (docs/decisions/009).

/** GET /ShippingPrice/read: the wilayas, for the list's filter and an order's correction. */
export async function getWilayas(): Promise<ShippingPrice[]> {
  return (await adminRequest<ShippingPrice[]>('/ShippingPrice/read')).data ?? [];
}

export const wilayasQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'order-wilayas'], queryFn: getWilayas, staleTime: 5 * 60_000 });

export function useWilayas() {
  return useQuery(wilayasQueryOptions());
}
