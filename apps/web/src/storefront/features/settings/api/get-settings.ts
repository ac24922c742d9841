import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';
import { takePageData } from '../../../../lib/page-data.ts';

export interface ShopSettings {
  shop_name: string;
  phone: string;
  email: string;
  whatsapp: string;
  whatsapp_url: string;
  social: { facebook: string; instagram: string; tiktok: string };
  /** What one order may hold: the cart and the product page stop there. */
  order_limits?: { max_quantity_per_line: number; max_lines: number };
  /** Where a custom order's advance payment goes ('' when the owner has not set it). */
  payment?: { ccp: string; rip: string; baridimob: string };
}

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
