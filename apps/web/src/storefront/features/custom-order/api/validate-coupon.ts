import type { ValidCoupon } from '@shop/domain/coupon-responses';
import { apiRequest } from '../../../../lib/api.ts';

/** GET /coupon/validate/{code}; throws ApiError on a non-2xx answer. */
export async function validateCoupon(code: string): Promise<ValidCoupon> {
  const response = await apiRequest<ValidCoupon>(`/coupon/validate/${encodeURIComponent(code)}`);
  return {
    code: response.data?.code ?? code,
    discount_percentage: Number(response.data?.discount_percentage) || 0,
  };
}
