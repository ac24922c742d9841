import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopSettings } from '@shop/domain/settings-responses';
import { apiRequest } from '../../../../lib/api.ts';
import { takePageData } from '../../../../lib/page-data.ts';

export async function getSettings(): Promise<ShopSettings> {
  return (await apiRequest<ShopSettings>('/settings')).data;
}

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: getSettings,
  staleTime: Infinity,
  // Every storefront page carries them (the server writes them in): the nav names the shop at once.
  initialData: () => takePageData<ShopSettings>('/settings'),
});

/** `enabled: false` waits (the footer asks only when it comes near the screen). */
export function useSettings(enabled = true) {
  return useQuery({ ...settingsQuery, enabled });
}

/** Units of one line and lines of one order the server accepts (no limit until known). */
export function useOrderLimits(): { maxQuantityPerLine: number; maxLines: number } {
  const limits = useSettings().data?.order_limits;
  return {
    maxQuantityPerLine: limits?.max_quantity_per_line ?? Number.POSITIVE_INFINITY,
    maxLines: limits?.max_lines ?? Number.POSITIVE_INFINITY,
  };
}

/** The configured shop name (SHOP_NAME), written into every page by the server. */
export function useShopName(): string {
  return useSettings().data?.shop_name ?? '';
}
