import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketingSettingsRead } from '@shop/domain/marketing';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /marketing/settings: pixel ids, whether each token is set (never the token), the purchase stages. */
export async function getMarketingSettings(): Promise<MarketingSettingsRead> {
  return (await adminRequest<MarketingSettingsRead>('/marketing/settings')).data;
}

export const marketingSettingsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'settings', 'marketing'], queryFn: getMarketingSettings });

export function useMarketingSettings() {
  return useQuery(marketingSettingsQueryOptions());
}
