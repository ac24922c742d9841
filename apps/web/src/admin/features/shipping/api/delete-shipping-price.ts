import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function deleteShippingPrice(id: number): Promise<void> {
  await adminRequest('/ShippingPrice/delete', { method: 'POST', body: { id } });
}

export function useDeleteShippingPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'shipping-prices'] }),
  });
}
