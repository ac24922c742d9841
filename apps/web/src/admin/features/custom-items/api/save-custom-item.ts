import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { customOrderItemSchema } from '@shop/domain/custom-item-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export type CustomItemValues = z.output<typeof customOrderItemSchema>;

export async function saveCustomItem({ id, values }: { id?: number; values: CustomItemValues }): Promise<void> {
  if (id === undefined) await adminRequest('/CustomOrderItem/store', { method: 'POST', body: values });
  else await adminRequest(`/CustomOrderItem/update/${id}`, { method: 'PUT', body: values });
}

export function useSaveCustomItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'custom-items'] }),
  });
}
