import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStats } from '@shop/domain/order-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export type { OrderStats };

export async function getStats(): Promise<OrderStats> {
  return (await adminRequest<OrderStats>('/order/stats')).data;
}

export const statsQueryOptions = () => queryOptions({ queryKey: [ADMIN_KEY, 'stats'], queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
