import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function deleteProductType(id: number): Promise<void> {
  await adminRequest(`/ProductType/delete/${id}`, { method: 'DELETE' });
}

export function useDeleteProductType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'product-types'] }),
  });
}
