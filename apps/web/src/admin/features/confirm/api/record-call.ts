import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { confirmationUpdateSchema } from '@shop/domain/order-desk-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { confirmQueueQueryOptions } from './get-confirm-queue.ts';

export type CallOutcome = z.input<typeof confirmationUpdateSchema>;

/** PUT /order/confirmation/{id}: the call's outcome; the server answers the order as it now is. */
export async function recordCall({ id, outcome }: { id: number; outcome: CallOutcome }): Promise<Order> {
  return (await adminRequest<Order>(`/order/confirmation/${id}`, { method: 'PUT', body: outcome })).data;
}

/** Still waiting for a call after this outcome: no answer, or a call-back. */
export function stillToCall(order: Order): boolean {
  return order.status === 'pending' && ['to_confirm', 'no_answer', 'call_back'].includes(order.confirmation);
}

/**
 * A confirmed or refused order leaves the queue at once; one to call again stays, as the server
 * now has it, until the queue is read again (a call-back not due yet moves to the end).
 */
export function useRecordCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCall,
    onSuccess: async (order) => {
      queryClient.setQueryData(confirmQueueQueryOptions().queryKey, (queue) =>
        stillToCall(order)
          ? queue?.map((o) => (o.id === order.id ? order : o))
          : queue?.filter((o) => o.id !== order.id),
      );
      queryClient.setQueryData([ADMIN_KEY, 'order', order.id], order);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: confirmQueueQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'orders'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'stats'] }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
      ]);
    },
  });
}
