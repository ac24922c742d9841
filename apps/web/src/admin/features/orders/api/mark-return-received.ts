import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { invalidateOrders } from './invalidate-order.ts';

/** POST /order/returnReceived/{id}: the returned parcel is back; its stock goes back on sale. */
export async function markReturnReceived(id: number): Promise<Order> {
  return (await adminRequest<Order>(`/order/returnReceived/${id}`, { method: 'POST' })).data;
}

export function useMarkReturnReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReturnReceived,
    onSuccess: async (order) => {
      queryClient.setQueryData([ADMIN_KEY, 'order', order.id], order);
      await invalidateOrders(queryClient);
    },
  });
}
