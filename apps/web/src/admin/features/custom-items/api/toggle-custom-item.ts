import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function toggleCustomItem(id: number): Promise<void> {
  await adminRequest(`/CustomOrderItem/toggleActive/${id}`, { method: 'PUT' });
}

export function useToggleCustomItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleCustomItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'custom-items'] }),
  });
}
