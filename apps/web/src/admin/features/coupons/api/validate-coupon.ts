import { useMutation } from '@tanstack/react-query';
import type { ValidCoupon } from '@shop/domain/coupon-responses';
import { adminRequest } from '../../../lib/admin-request.ts';

export async function validateCoupon(code: string): Promise<ValidCoupon> {
  return (await adminRequest<ValidCoupon>(`/coupon/validate/${encodeURIComponent(code)}`)).data;
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
