import { adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { useOrderChange } from '../../../lib/order-change.ts';

/** POST /order/courierChecked/{id}: the owner checked what the courier said; the warning goes. */
export async function markCourierChecked(id: number): Promise<Order> {
  return (await adminRequest<Order>(`/order/courierChecked/${id}`, { method: 'POST' })).data;
}

export function useMarkCourierChecked() {
  return useOrderChange(markCourierChecked);
}
