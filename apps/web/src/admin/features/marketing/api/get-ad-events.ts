import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdEvent, AdPlatform } from '@shop/domain/marketing';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

export type AdEventsFilter = { platform: AdPlatform } | { orderId: number };

/** GET /marketing/events: the server events of a platform or of an order, newest first. */
export async function getAdEvents(filter: AdEventsFilter): Promise<AdEvent[]> {
  const query = 'platform' in filter ? `platform=${filter.platform}` : `order_id=${filter.orderId}`;
  return (await adminRequest<AdEvent[]>(`/marketing/events?${query}`)).data;
}

export const adEventsQueryOptions = (filter: AdEventsFilter) =>
  queryOptions({ queryKey: [ADMIN_KEY, 'marketing', 'events', filter], queryFn: () => getAdEvents(filter) });

export function useAdEvents(filter: AdEventsFilter, enabled = true) {
  return useQuery({ ...adEventsQueryOptions(filter), enabled });
}
