import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function removeBrandRating(id: number): Promise<void> {
  await adminRequest('/BrandRating/remove', { method: 'POST', body: { id } });
}

export function useRemoveBrandRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBrandRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'brand-ratings'] }),
  });
}
