import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlacklistEntry } from '@shop/domain/order-responses';
import { adminRequest } from '../../../lib/admin-request.ts';
import { blacklistQueryOptions } from './get-blacklist.ts';

/** POST /order/blacklist: the phone as typed (the server normalises it) and why. */
export async function addToBlacklist(entry: { phone: string; reason: string }): Promise<BlacklistEntry> {
  return (await adminRequest<BlacklistEntry>('/order/blacklist', { method: 'POST', body: entry })).data;
}

export function useAddToBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addToBlacklist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistQueryOptions().queryKey }),
  });
}
