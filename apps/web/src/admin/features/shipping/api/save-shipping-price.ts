import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { shippingPriceCreateSchema } from '@shop/domain/shipping-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export type ShippingPriceValues = z.output<typeof shippingPriceCreateSchema>;

/** POST /ShippingPrice/create to add, POST /ShippingPrice/update with the id to edit. */
export async function saveShippingPrice({ id, values }: { id?: number; values: ShippingPriceValues }): Promise<void> {
  if (id === undefined) await adminRequest('/ShippingPrice/create', { method: 'POST', body: values });
  else await adminRequest('/ShippingPrice/update', { method: 'POST', body: { ...values, id } });
}

export function useSaveShippingPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'shipping-prices'] }),
  });
}
