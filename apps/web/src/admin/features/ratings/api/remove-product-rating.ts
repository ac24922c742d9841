import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function removeProductRating(id: number): Promise<void> {
  await adminRequest('/rating/remove', { method: 'POST', body: { id } });
}

export function useRemoveProductRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProductRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'product-ratings'] }),
  });
}
