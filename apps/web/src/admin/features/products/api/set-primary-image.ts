import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function setPrimaryImage({ productId, imageId }: { productId: number; imageId: number }): Promise<void> {
  await adminRequest(`/product/setPrimaryImage/${productId}/${imageId}`, { method: 'PUT' });
}

export function useSetPrimaryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
  });
}
