import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@shop/domain/order-status';
import { adminRequest } from '../../../lib/admin-request.ts';
import { invalidateOrders } from '../../../lib/invalidate-orders.ts';

export async function updateOrderStatus({ id, status }: { id: number; status: OrderStatus }): Promise<void> {
  await adminRequest(`/order/updateOrderStatus/${id}`, { method: 'PUT', body: { status } });
}

/** After a change the list reloads (SPEC §4), and so do the dashboard figures. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: (_data, _error, { id }) => invalidateOrders(queryClient, [id]),
  });
}
