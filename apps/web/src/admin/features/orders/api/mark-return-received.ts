import { adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { useOrderChange } from '../../../lib/order-change.ts';

/** POST /order/returnReceived/{id}: the returned parcel is back; its stock goes back on sale. */
export async function markReturnReceived(id: number): Promise<Order> {
  return (await adminRequest<Order>(`/order/returnReceived/${id}`, { method: 'POST' })).data;
}

export function useMarkReturnReceived() {
  return useOrderChange(markReturnReceived);
}
