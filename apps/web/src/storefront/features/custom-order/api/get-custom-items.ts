import { queryOptions, useQuery } from '@tanstack/react-query';
import { parseList } from '@shop/domain/custom-item-schemas';
import { apiRequest } from '../../../../lib/api.ts';

export interface CustomItem {
  id: number;
  name: string;
  description: string;
  base_price: number;
  available_sizes: string[] | null;
  available_colors: string[];
}

interface RawCustomItem extends Omit<CustomItem, 'available_sizes' | 'available_colors' | 'base_price'> {
  base_price: number | string;
  available_sizes: unknown;
  available_colors: unknown;
}

/** Active custom-order items; sizes and colours may arrive as lists or JSON strings (SPEC §3). */
export async function getCustomItems(): Promise<CustomItem[]> {
  const response = await apiRequest<RawCustomItem[]>('/CustomOrderItem/getAll');
  return (response.data ?? []).map((item) => ({
    ...item,
    base_price: Number(item.base_price) || 0,
    available_sizes: item.available_sizes === null ? null : parseList(item.available_sizes),
    available_colors: parseList(item.available_colors),
  }));
}

export const customItemsQueryOptions = queryOptions({
  queryKey: ['custom-order-items'],
  queryFn: getCustomItems,
});

export function useCustomItems() {
  return useQuery(customItemsQueryOptions);
}
