import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function deleteImage(imageId: number): Promise<void> {
  await adminRequest(`/product/deleteImage/${imageId}`, { method: 'DELETE' });
}

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
  });
}
