import { useMutation } from '@tanstack/react-query';
import type { ValidCoupon } from '@shop/domain/coupon-responses';
import { apiRequest } from '../../../../lib/api.ts';

/**
 * GET /coupon/validate/{code}: a usable code and its discount; throws ApiError otherwise (404
 * unknown, 400 expired, inactive or used up). Counts no use: that happens when an order carrying
 * the code is written (DESIGN §3.4), so the cart no longer needs validateAndIncrement.
 */
export async function validateCoupon(code: string): Promise<ValidCoupon> {
  const { data } = await apiRequest<ValidCoupon>(`/coupon/validate/${encodeURIComponent(code)}`);
  const amount = Number(data?.discount_amount);
  return {
    code: data?.code ?? code,
    discount_percentage: Number(data?.discount_percentage) || 0,
    // A coupon of a fixed amount in Da (older servers answer none).
    discount_amount: amount > 0 ? amount : null,
  };
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
