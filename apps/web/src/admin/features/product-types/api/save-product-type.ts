import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export interface ProductTypeInput {
  name: string;
  description: string;
  /** Arabic name and description (issue 17); '' or null removes them. */
  name_ar: string | null;
  description_ar: string | null;
}

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
