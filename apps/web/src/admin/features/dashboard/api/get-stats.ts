import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus } from '@shop/domain/order-status';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export interface OrderStats {
  total_orders: number;
  pending_orders: number;
  total_products: number;
  total_revenue: number;
  by_status: Partial<Record<OrderStatus, number>>;
  per_day: { date: string; orders: number; revenue: number }[];
}

export async function getStats(): Promise<OrderStats> {
  return (await adminRequest<OrderStats>('/order/stats')).data;
}

export const statsQueryOptions = () => queryOptions({ queryKey: [ADMIN_KEY, 'stats'], queryFn: getStats });

export function useStats() {
  return useQuery(statsQueryOptions());
}
