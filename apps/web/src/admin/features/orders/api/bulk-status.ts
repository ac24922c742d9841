import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkStatusResult } from '@shop/domain/order-responses';
import type { OrderStatus } from '@shop/domain/order-status';
import { adminRequest } from '../../../lib/admin-request.ts';
import { invalidateOrders } from '../../../lib/invalidate-orders.ts';

/** PUT /order/bulkStatus: each order changes on its own; the answer says which could not, and why. */
export async function bulkStatus({ ids, status }: { ids: number[]; status: OrderStatus }): Promise<BulkStatusResult> {
  return (await adminRequest<BulkStatusResult>('/order/bulkStatus', { method: 'PUT', body: { ids, status } })).data;
}

export function useBulkStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkStatus,
    onSettled: (_data, _error, { ids }) => invalidateOrders(queryClient, ids),
  });
}
