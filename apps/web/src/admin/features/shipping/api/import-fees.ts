// The fee grid import: previews from Yalidine's fees or a CSV file, then the grid
// applied in one call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierStatus } from '@shop/domain/courier';
import type { FeeGridRow } from '@shop/domain/shipping-schemas';
import type { FeeGridPreview } from '@shop/domain/shipping-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /courier/status (the orders page reads it under the same key): Yalidine's import needs an account. */
export function useCourierConfigured() {
  return useQuery({
    queryKey: [ADMIN_KEY, 'courier-status'],
    queryFn: async () => (await adminRequest<CourierStatus>('/courier/status')).data,
    staleTime: 60_000,
  });
}

/** POST /ShippingPrice/import/yalidine: the wilayas asked (all when omitted); `remaining` to ask next. */
export async function previewYalidineFees(wilayaCodes?: number[]): Promise<FeeGridPreview> {
  return (
    await adminRequest<FeeGridPreview>('/ShippingPrice/import/yalidine', {
      method: 'POST',
      body: wilayaCodes ? { wilaya_codes: wilayaCodes } : {},
    })
  ).data;
}

/** POST /ShippingPrice/import/csv: a file's grid, or 400 with its bad lines in `data.errors`. */
export async function previewCsvFees(csv: string): Promise<FeeGridPreview> {
  return (await adminRequest<FeeGridPreview>('/ShippingPrice/import/csv', { method: 'POST', body: { csv } })).data;
}

/** POST /ShippingPrice/import: the grid applied in one transaction; the server's message says how many changed. */
export async function applyFeeGrid(rows: FeeGridRow[]): Promise<string> {
  return (await adminRequest('/ShippingPrice/import', { method: 'POST', body: { rows } })).message;
}

export function useApplyFeeGrid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyFeeGrid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'shipping-prices'] }),
  });
}
