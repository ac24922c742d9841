import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { CustomItem } from '../../../lib/types.ts';

/** `all=true` includes the inactive items too. */
export async function getCustomItems(): Promise<CustomItem[]> {
  return (await adminRequest<CustomItem[]>('/CustomOrderItem/getAll?all=true')).data ?? [];
}

export const customItemsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'custom-items'], queryFn: getCustomItems });

export function useCustomItems() {
  return useQuery(customItemsQueryOptions());
}
