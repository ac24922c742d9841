import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';

export interface ShopSettings {
  shop_name: string;
  phone: string;
  email: string;
  whatsapp: string;
  whatsapp_url: string;
  social: { facebook: string; instagram: string; tiktok: string };
}

export async function getSettings(): Promise<ShopSettings> {
  return (await apiRequest<ShopSettings>('/settings')).data;
}

export const settingsQuery = queryOptions({ queryKey: ['settings'], queryFn: getSettings, staleTime: Infinity });

/** `enabled: false` waits (the footer asks only when it comes near the screen). */
export function useSettings(enabled = true) {
  return useQuery({ ...settingsQuery, enabled });
}
