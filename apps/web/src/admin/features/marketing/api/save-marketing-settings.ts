import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarketingSettingsInput, MarketingSettingsRead } from '@shop/domain/marketing';
import { adminRequest } from '../../../lib/admin-request.ts';
import { marketingSettingsQueryOptions } from './get-marketing-settings.ts';

/** PUT /marketing/settings: a token left out keeps the saved one; the answer never holds a token. */
export async function saveMarketingSettings(values: MarketingSettingsInput): Promise<MarketingSettingsRead> {
  return (await adminRequest<MarketingSettingsRead>('/marketing/settings', { method: 'PUT', body: values })).data;
}

export function useSaveMarketingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMarketingSettings,
    onSuccess: (saved) => queryClient.setQueryData(marketingSettingsQueryOptions().queryKey, saved),
  });
}
