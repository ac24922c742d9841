import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderEditSchema } from '@shop/domain/order-desk-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { invalidateOrders } from '../../../lib/invalidate-orders.ts';

type DomainEdit = z.input<typeof orderEditSchema>;
/** The edit, its lines naming their variant's colour (its French name; absent without colours, ADR 036). */
export type OrderEdit = Omit<DomainEdit, 'items'> & {
  items?: (NonNullable<DomainEdit['items']>[number] & { color?: string })[];
};

/**
 * PUT /order/edit/{id}: a correction before the order ships. The server moves the stock and
 * recomputes the figures, and answers the order as it now is (409 when stock is short or the
 * order has shipped, 400 for an unknown wilaya).
 */
export async function editOrder({ id, edit }: { id: number; edit: OrderEdit }): Promise<Order> {
  return (await adminRequest<Order>(`/order/edit/${id}`, { method: 'PUT', body: edit })).data;
}

export function useEditOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData([ADMIN_KEY, 'order', order.id], order);
      await invalidateOrders(queryClient);
    },
  });
}
