import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { couponCreateSchema } from '@shop/domain/coupon-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Coupon } from '../../../lib/types.ts';

export type CouponValues = z.output<typeof couponCreateSchema>;

/** 201 means created (SPEC §7). */
export async function createCoupon(values: CouponValues): Promise<Coupon> {
  return (await adminRequest<Coupon>('/coupon/', { method: 'POST', body: values })).data;
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'coupons'] }),
  });
}
