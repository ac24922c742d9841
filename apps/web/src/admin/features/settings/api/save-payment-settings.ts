import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings } from '@shop/domain/settings-schemas';
import { adminRequest } from '../../../lib/admin-request.ts';
import { paymentSettingsQueryOptions } from './get-payment-settings.ts';

/** PUT /settings/payment: the server answers the accounts as saved. */
export async function savePaymentSettings(values: PaymentSettings): Promise<PaymentSettings> {
  return (await adminRequest<PaymentSettings>('/settings/payment', { method: 'PUT', body: values })).data;
}

export function useSavePaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentSettingsQueryOptions().queryKey, saved);
      // The storefront's copy of the shop settings (same app, other area) is stale now.
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
    },
  });
}
