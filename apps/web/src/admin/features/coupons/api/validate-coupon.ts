import { useMutation } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/admin-request.ts';

export async function validateCoupon(code: string): Promise<{ code: string; discount_percentage: number }> {
  return (
    await adminRequest<{ code: string; discount_percentage: number }>(`/coupon/validate/${encodeURIComponent(code)}`)
  ).data;
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
