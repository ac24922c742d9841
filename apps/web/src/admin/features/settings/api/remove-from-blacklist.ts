import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request.ts';
import { blacklistQueryOptions } from './get-blacklist.ts';

/** DELETE /order/blacklist/{phone}. */
export async function removeFromBlacklist(phone: string): Promise<void> {
  await adminRequest(`/order/blacklist/${encodeURIComponent(phone)}`, { method: 'DELETE' });
}

export function useRemoveFromBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromBlacklist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blacklistQueryOptions().queryKey }),
  });
}
