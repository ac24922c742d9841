import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomItem } from '@shop/domain/custom-item-responses';
import { apiRequest } from '../../../../lib/api.ts';

export type { CustomItem };

/** Active custom-order items: sizes and colours as lists, sizes null for the cup (docs/api.md). */
export async function getCustomItems(): Promise<CustomItem[]> {
  return (await apiRequest<CustomItem[]>('/CustomOrderItem/getAll')).data ?? [];
}

export const customItemsQueryOptions = queryOptions({
  queryKey: ['custom-order-items'],
  queryFn: getCustomItems,
});

export function useCustomItems() {
  return useQuery(customItemsQueryOptions);
}
