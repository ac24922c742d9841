import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeskSettings } from '@shop/domain/order-desk-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /settings/desk: blacklist policy, low-stock threshold, review moderation. */
export async function getDeskSettings(): Promise<DeskSettings> {
  return (await adminRequest<DeskSettings>('/settings/desk')).data;
}

export const deskSettingsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'settings', 'desk'], queryFn: getDeskSettings });

export function useDeskSettings() {
  return useQuery(deskSettingsQueryOptions());
}
