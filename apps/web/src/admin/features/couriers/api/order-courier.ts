import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourierHandOverResult } from '@shop/domain/courier-accounts';
import { ApiError, API_BASE } from '../../../../lib/api.ts';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import { getAdminToken } from '../../../lib/auth-token.ts';
import { invalidateOrders } from '../../../lib/invalidate-orders.ts';

/** PUT /courier/orders/:id/account: the account this order goes to (null: the routing table's). */
export async function chooseOrderCourier(args: { id: number; accountId: number | null; previous: number | null }) {
  return (
    await adminRequest<{ courier_account_id: number | null }>(`/courier/orders/${args.id}/account`, {
      method: 'PUT',
      body: { account_id: args.accountId, previous: args.previous },
    })
  ).data;
}

export function useChooseOrderCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseOrderCourier,
    onSettled: (_d, _e, args) => invalidateOrders(queryClient, [args.id]),
  });
}

/** POST /courier/handover: the parcels validated at their couriers, each answered on its own. */
export async function handOver(orderIds: number[]): Promise<CourierHandOverResult> {
  return (await adminRequest<CourierHandOverResult>('/courier/handover', { method: 'POST', body: { orderIds } })).data;
}

export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: handOver, onSettled: (_d, _e, ids) => invalidateOrders(queryClient, ids) });
}

/** POST /courier/attach: a parcel made while its answer was lost, by its tracking number. */
export async function attachParcel(args: { orderId: number; tracking: string }) {
  return adminRequest<null>('/courier/attach', { method: 'POST', body: args });
}

export function useAttachParcel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachParcel,
    onSettled: (_d, _e, args) => invalidateOrders(queryClient, [args.orderId]),
  });
}

/**
 * Opens an order's parcel label that its courier keeps behind the account's token (a PDF the
 * server fetches): read with the admin's token into a blob, opened in a new tab.
 */
export async function openCourierLabel(orderId: number): Promise<void> {
  const token = getAdminToken();
  const response = await fetch(`${API_BASE}/courier/label/${orderId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, payload?.message ?? response.statusText, null);
  }
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const ORDER_COURIER_KEY = [ADMIN_KEY, 'courier'] as const;
