// A commune's own fees removed: it costs its wilaya's fees again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function deleteCommuneFee({ id, commune }: { id: number; commune: string }): Promise<void> {
  await adminRequest('/ShippingPrice/commune/delete', { method: 'POST', body: { id, commune } });
}

export function useDeleteCommuneFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCommuneFee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'shipping-prices'] }),
  });
}
