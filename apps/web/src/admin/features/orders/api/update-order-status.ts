import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '@shop/domain/order-status';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function updateOrderStatus({ id, status }: { id: number; status: OrderStatus }): Promise<void> {
  await adminRequest(`/order/updateOrderStatus/${id}`, { method: 'PUT', body: { status } });
}

/** After a change the list reloads (SPEC §4), and so do the dashboard figures. */
export function useUpdateOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrderStatus,
    onSettled: async (_data, _error, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'orders'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'order', id] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'stats'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
      ]);
    },
  });
}
