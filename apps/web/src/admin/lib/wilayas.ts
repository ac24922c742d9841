import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from './admin-request.ts';
import type { ShippingPrice } from './types.ts';

// The wilayas as the orders list, an order's correction and a lead's Create order offer them (the
// shipping page, another page feature, keeps its own reads: docs/decisions/009).

/** GET /ShippingPrice/read: the wilayas offered now, for an order's correction. */
export async function getWilayas(): Promise<ShippingPrice[]> {
  return (await adminRequest<ShippingPrice[]>('/ShippingPrice/read')).data ?? [];
}

export const wilayasQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'order-wilayas'], queryFn: getWilayas, staleTime: 5 * 60_000 });

export function useWilayas() {
  return useQuery(wilayasQueryOptions());
}

/**
 * GET /ShippingPrice/all: every wilaya of the table, offered or not, for the list's filter, which
 * finds orders by the wilaya they were placed with (of either division).
 */
export async function getAllWilayas(): Promise<ShippingPrice[]> {
  return (await adminRequest<ShippingPrice[]>('/ShippingPrice/all')).data ?? [];
}

export const allWilayasQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'order-wilayas', 'all'], queryFn: getAllWilayas, staleTime: 5 * 60_000 });

export function useAllWilayas() {
  return useQuery(allWilayasQueryOptions());
}
