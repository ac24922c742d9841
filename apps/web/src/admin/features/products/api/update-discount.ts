import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function updateDiscount({ id, discount }: { id: number; discount: number }): Promise<void> {
  await adminRequest(`/product/updateDiscount/${id}`, { method: 'PUT', body: { discount_percentage: discount } });
}

export function useUpdateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
  });
}
