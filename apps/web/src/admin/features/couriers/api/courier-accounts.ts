import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CourierAccount, courierAccountWriteSchema } from '@shop/domain/courier-accounts';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export const accountsKey = [ADMIN_KEY, 'courier-accounts'] as const;

/** GET /courier/accounts: each account, which credentials are set (never their values). */
export async function getCourierAccounts(): Promise<CourierAccount[]> {
  return (await adminRequest<CourierAccount[]>('/courier/accounts')).data;
}

export const courierAccountsQueryOptions = () =>
  queryOptions({ queryKey: accountsKey, queryFn: getCourierAccounts, staleTime: 60_000 });

export function useCourierAccounts() {
  return useQuery(courierAccountsQueryOptions());
}

export type CourierAccountInput = z.input<typeof courierAccountWriteSchema>;

/** POST /courier/accounts, or PUT /courier/accounts/:id against the version the form read. */
export async function saveCourierAccount({ id, values }: { id: number | null; values: CourierAccountInput }) {
  const answer = await adminRequest<CourierAccount>(id === null ? '/courier/accounts' : `/courier/accounts/${id}`, {
    method: id === null ? 'POST' : 'PUT',
    body: values,
  });
  return answer.data;
}

export function useSaveCourierAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourierAccount,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountsKey }),
        queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'courier-status'] }),
      ]),
  });
}

export interface PlacesResult {
  communes_matched: number;
  communes_unmatched: number;
  unmatched_examples: string[];
  desks: number;
}

/** POST /courier/accounts/:id/places: the courier's communes and desks matched to ours, once. */
export async function matchPlaces(id: number): Promise<PlacesResult> {
  return (await adminRequest<PlacesResult>(`/courier/accounts/${id}/places`, { method: 'POST' })).data;
}

export function useMatchPlaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: matchPlaces,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
