import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Product } from '../../../lib/types.ts';

export async function createProduct(body: FormData): Promise<Product> {
  return (await adminRequest<Product>('/product', { method: 'POST', body })).data;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
  });
}
