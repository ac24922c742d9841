import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';

/** The most the server lists at once (confirmQueueQuerySchema); the badge says "100+" past it. */
export const CONFIRM_QUEUE_LIMIT = 100;

/** GET /order/confirmQueue: pending orders waiting for their call, call-backs due first. */
export async function getConfirmQueue(): Promise<Order[]> {
  return (await adminRequest<Order[]>(`/order/confirmQueue?limit=${CONFIRM_QUEUE_LIMIT}`)).data;
}

export const confirmQueueQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'confirm-queue'],
    queryFn: getConfirmQueue,
    // New orders arrive while the owner works: the nav's count keeps up.
    refetchInterval: 60_000,
  });

export function useConfirmQueue({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...confirmQueueQueryOptions(), enabled });
}
