import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-request.ts';
import type { Order } from './types.ts';
import { invalidateOrders } from './invalidate-orders.ts';

/**
 * A change of one order that the server answers with the order as it now is: the order's own
 * query takes the answer at once, and what the change makes stale (lists, queue, figures, stock)
 * is read again.
 */
export function useOrderChange<V>(change: (variables: V) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (order) => {
      queryClient.setQueryData([ADMIN_KEY, 'order', order.id], order);
      await invalidateOrders(queryClient);
    },
  });
}
