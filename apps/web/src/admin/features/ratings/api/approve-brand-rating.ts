import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** POST /BrandRating/approve: a brand review that waited is published. */
export async function approveBrandRating(id: number): Promise<void> {
  await adminRequest('/BrandRating/approve', { method: 'POST', body: { id } });
}

export function useApproveBrandRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveBrandRating,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'brand-ratings'] }),
  });
}
