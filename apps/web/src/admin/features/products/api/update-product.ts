import { useMutation, useQueryClient } from '@tanstack/react-query';
import { stockMovedSchema, type StockMoved } from '@shop/domain/catalog-responses';
import { ApiError } from '../../../../lib/api.ts';
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
    // The list shows the stock the 409 says moved.
    onError: (error) => {
      if (stockMovedOf(error)) void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] });
    },
  });
}

/** The current figures a 409 answers when the stock moved since the form was opened, else null. */
export function stockMovedOf(error: unknown): StockMoved | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = stockMovedSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}
