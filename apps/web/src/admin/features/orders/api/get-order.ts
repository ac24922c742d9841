import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';

export async function getOrder(id: number): Promise<Order> {
  return (await adminRequest<Order>(`/order/getOrder/${id}`)).data;
}

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: [ADMIN_KEY, 'order', id], queryFn: () => getOrder(id), staleTime: 0 });

export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
