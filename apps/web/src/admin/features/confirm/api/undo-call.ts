import { adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { useOrderChange } from '../../../lib/order-change.ts';

/**
 * POST /order/confirmation/undo/{id}: the last call outcome undone (a mis-tapped "Confirmed"),
 * while the order has not moved on since; 409 otherwise.
 */
export async function undoCall(id: number): Promise<Order> {
  return (await adminRequest<Order>(`/order/confirmation/undo/${id}`, { method: 'POST' })).data;
}

export function useUndoCall() {
  return useOrderChange(undoCall);
}
