import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Coupon } from '../../../lib/types.ts';

export async function getCoupons(): Promise<Coupon[]> {
  return (await adminRequest<Coupon[]>('/coupon/')).data ?? [];
}

export const couponsQueryOptions = () => queryOptions({ queryKey: [ADMIN_KEY, 'coupons'], queryFn: getCoupons });

export function useCoupons() {
  return useQuery(couponsQueryOptions());
}
