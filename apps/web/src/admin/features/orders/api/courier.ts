import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierSendResult, CourierStatus, CourierSyncResult } from '@shop/domain/courier';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import { invalidateOrders } from '../../../lib/invalidate-orders.ts';

/** GET /courier/status: whether a courier is configured (the send buttons need one). */
export async function getCourierStatus(): Promise<CourierStatus> {
  return (await adminRequest<CourierStatus>('/courier/status')).data;
}

export function useCourierStatus() {
  return useQuery({ queryKey: [ADMIN_KEY, 'courier-status'], queryFn: getCourierStatus, staleTime: 60_000 });
}

/** POST /courier/send: each order answered on its own (tracking number, or why not). */
export async function sendToCourier(orderIds: number[]): Promise<CourierSendResult> {
  return (await adminRequest<CourierSendResult>('/courier/send', { method: 'POST', body: { orderIds } })).data;
}

export function useSendToCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToCourier,
    onSettled: (_data, _error, ids) => invalidateOrders(queryClient, ids),
  });
}

/** POST /courier/sync: the courier's statuses now, once (409 while a sync runs in any process). */
export async function syncCourier(): Promise<CourierSyncResult> {
  return (await adminRequest<CourierSyncResult>('/courier/sync', { method: 'POST' })).data;
}

export function useSyncCourier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCourier,
    onSettled: () => invalidateOrders(queryClient),
  });
}
