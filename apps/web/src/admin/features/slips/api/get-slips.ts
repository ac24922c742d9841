import { useQuery } from '@tanstack/react-query';
import type { Slip } from '@shop/domain/courier';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /courier/slips?ids=…: what each order's delivery slip prints, in the order asked. */
export async function getSlips(ids: readonly number[]): Promise<Slip[]> {
  return (await adminRequest<Slip[]>(`/courier/slips?ids=${ids.join(',')}`)).data;
}

export function useSlips(ids: readonly number[]) {
  return useQuery({
    queryKey: [ADMIN_KEY, 'slips', ids],
    queryFn: () => getSlips(ids),
    enabled: ids.length > 0,
    staleTime: 0,
  });
}
