import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** DELETE /coupon/{id}: only a coupon no order carries (409 otherwise). */
export async function deleteCoupon(id: number): Promise<void> {
  await adminRequest(`/coupon/${id}`, { method: 'DELETE' });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCoupon,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'coupons'] }),
  });
}
