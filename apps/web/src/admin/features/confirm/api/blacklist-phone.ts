import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlacklistEntry } from '@shop/domain/order-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** POST /order/blacklist from a call card: the customer's phone and why. */
export async function blacklistPhone(entry: { phone: string; reason: string }): Promise<BlacklistEntry> {
  return (await adminRequest<BlacklistEntry>('/order/blacklist', { method: 'POST', body: entry })).data;
}

export function useBlacklistPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blacklistPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'blacklist'] }),
  });
}
