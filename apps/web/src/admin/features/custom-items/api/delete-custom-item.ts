import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export async function deleteCustomItem(id: number): Promise<void> {
  await adminRequest(`/CustomOrderItem/delete/${id}`, { method: 'DELETE' });
}

export function useDeleteCustomItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'custom-items'] }),
  });
}
