import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShippingAdjust } from '@shop/domain/shipping-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** POST /ShippingPrice/adjust: every wilaya's fees at once. */
export async function adjustShippingPrices(adjust: ShippingAdjust): Promise<void> {
  await adminRequest('/ShippingPrice/adjust', { method: 'POST', body: adjust });
}

export function useAdjustShippingPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustShippingPrices,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'shipping-prices'] }),
  });
}
