import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopSettings } from '@shop/domain/settings-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /settings: the shop's name, which the WhatsApp message to a customer is signed with. */
export async function getShopSettings(): Promise<ShopSettings> {
  return (await adminRequest<ShopSettings>('/settings')).data;
}

export const shopSettingsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'shop-settings'], queryFn: getShopSettings, staleTime: 10 * 60_000 });

export function useShopSettings() {
  return useQuery(shopSettingsQueryOptions());
}
