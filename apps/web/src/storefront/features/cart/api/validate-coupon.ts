import { useMutation } from '@tanstack/react-query';
import type { ValidCoupon } from '@shop/domain/coupon-responses';
import { apiRequest } from '../../../../lib/api.ts';

/** Returns the discount percentage of a usable code; throws (ApiError) otherwise. */
export async function validateCoupon(code: string): Promise<number> {
  const { data } = await apiRequest<ValidCoupon>(`/coupon/validateAndIncrement/${encodeURIComponent(code)}`);
  return Number(data?.discount_percentage) || 0;
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
