import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlacklistEntry } from '@shop/domain/order-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /order/blacklist: blacklisted phones, newest first. */
export async function getBlacklist(): Promise<BlacklistEntry[]> {
  return (await adminRequest<BlacklistEntry[]>('/order/blacklist')).data;
}

export const blacklistQueryOptions = () => queryOptions({ queryKey: [ADMIN_KEY, 'blacklist'], queryFn: getBlacklist });

export function useBlacklist() {
  return useQuery(blacklistQueryOptions());
}
