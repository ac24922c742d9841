// The desk shared by several agents: take the next order, give one back, hand one to an agent.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shop/domain/staff';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { confirmQueueQueryOptions } from './get-confirm-queue.ts';

/** POST /order/next: the next order waiting for a call, now held for me; null when none waits. */
export async function takeNextOrder(): Promise<{ order: Order | null; message: string }> {
  const answer = await adminRequest<Order | null>('/order/next', { method: 'POST' });
  return { order: answer.data, message: answer.message };
}

/** POST /order/release/{id}: back to the queue. */
export async function releaseOrder(id: number): Promise<Order> {
  return (await adminRequest<Order>(`/order/release/${id}`, { method: 'POST' })).data;
}

/** PUT /order/assign/{id}: to a user of the desk, or back to the queue (null). */
export async function assignOrder({ id, userId }: { id: number; userId: number | null }): Promise<Order> {
  return (await adminRequest<Order>(`/order/assign/${id}`, { method: 'PUT', body: { user_id: userId } })).data;
}

export interface DeskUser {
  id: number;
  username: string;
  role: Role;
}

/** GET /staff/desk: who an order can be handed to (the owner's and a manager's list). */
export async function getDeskUsers(): Promise<DeskUser[]> {
  return (await adminRequest<DeskUser[]>('/staff/desk')).data;
}

export const deskUsersQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'desk-users'], queryFn: getDeskUsers, staleTime: 5 * 60_000 });

export function useDeskUsers(enabled: boolean) {
  return useQuery({ ...deskUsersQueryOptions(), enabled });
}

/** A change of who holds an order: the queue is read again (other agents' holds with it). */
function useHoldChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: confirmQueueQueryOptions().queryKey }),
  });
}

export const useNextOrder = () => useHoldChange(takeNextOrder);
export const useReleaseOrder = () => useHoldChange(releaseOrder);
export const useAssignOrder = () => useHoldChange(assignOrder);
