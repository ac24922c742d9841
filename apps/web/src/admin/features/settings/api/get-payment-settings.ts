import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentSettings } from '@shop/domain/settings-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /settings/payment: the accounts a custom order's advance payment goes to. */
export async function getPaymentSettings(): Promise<PaymentSettings> {
  return (await adminRequest<PaymentSettings>('/settings/payment')).data;
}

export const paymentSettingsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'settings', 'payment'], queryFn: getPaymentSettings });

export function usePaymentSettings() {
  return useQuery(paymentSettingsQueryOptions());
}
