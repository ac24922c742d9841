import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Product } from '../../../lib/types.ts';

export async function updateProduct({ id, body }: { id: number; body: FormData }): Promise<Product> {
  return (await adminRequest<Product>(`/product/update/${id}`, { method: 'POST', body })).data;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
  });
}
