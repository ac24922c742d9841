import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';

export interface ShopSettings {
  shop_name?: string;
  phone?: string;
  email?: string;
  whatsapp?: string;
  whatsapp_url?: string;
}

export async function getSettings(): Promise<ShopSettings> {
  const response = await apiRequest<ShopSettings>('/settings');
  return response.data ?? {};
}

export const settingsQueryOptions = queryOptions({
  queryKey: ['settings'],
  queryFn: getSettings,
  staleTime: 5 * 60_000,
});

/** The shop's contact details; the messaging-app link is where advance-payment proofs go. */
export function useSettings() {
  return useQuery(settingsQueryOptions);
}
