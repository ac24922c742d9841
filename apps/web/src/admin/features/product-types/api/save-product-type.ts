import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { productTypeSchema } from '@shop/domain/catalog-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** A type's names and descriptions, French and Arabic ('' or null removes an Arabic one). */
export type ProductTypeInput = Omit<z.input<typeof productTypeSchema>, 'for_custom'>;

/** POST /ProductType/ to add, PUT /ProductType/update/{id} to edit; these types are not for custom orders. */
export async function saveProductType({ id, values }: { id?: number; values: ProductTypeInput }): Promise<void> {
  const body = { ...values, for_custom: false };
  if (id === undefined) await adminRequest('/ProductType/', { method: 'POST', body });
  else await adminRequest(`/ProductType/update/${id}`, { method: 'PUT', body });
}

export function useSaveProductType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProductType,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'product-types'] }),
  });
}
