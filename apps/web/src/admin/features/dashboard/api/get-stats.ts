import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStats } from '@shop/domain/order-responses';
import type { StatsPeriod } from '@shop/domain/order-status';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export type { OrderStats };

/** GET /order/stats: the dashboard's figures over a period ('all': every order, SPEC's). */
export async function getStats(period: StatsPeriod = 'all'): Promise<OrderStats> {
  const query = period === 'all' ? '' : `?period=${period}`;
  return (await adminRequest<OrderStats>(`/order/stats${query}`)).data;
}

export const statsQueryOptions = (period: StatsPeriod = 'all') =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'stats', period],
    queryFn: () => getStats(period),
    // Another period keeps the figures shown until its own arrive.
    placeholderData: keepPreviousData,
  });

export function useStats(period: StatsPeriod = 'all') {
  return useQuery(statsQueryOptions(period));
}
