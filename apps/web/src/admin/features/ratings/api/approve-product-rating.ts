import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** POST /rating/approve: a product review that waited is published (and counted in the average). */
export async function approveProductRating(id: number): Promise<void> {
  await adminRequest('/rating/approve', { method: 'POST', body: { id } });
}

export function useApproveProductRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveProductRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'product-ratings'] }),
  });
}
