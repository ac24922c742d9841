import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CouponUpdate } from '@shop/domain/coupon-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Coupon } from '../../../lib/types.ts';

/** PUT /coupon/{id}: the coupon as the form left it, with `seen` as it was opened (409 if it changed). */
export async function updateCoupon({ id, values }: { id: number; values: CouponUpdate }): Promise<Coupon> {
  return (await adminRequest<Coupon>(`/coupon/${id}`, { method: 'PUT', body: values })).data;
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'coupons'] }),
  });
}
