import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function toggleCoupon(id: number): Promise<void> {
  await adminRequest(`/coupon/toggle/${id}`, { method: 'PUT' });
}

export function useToggleCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'coupons'] }),
  });
}
