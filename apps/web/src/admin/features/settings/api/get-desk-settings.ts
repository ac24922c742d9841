import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deskSettingsReadSchema } from '@shop/domain/order-responses';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** The contract of GET and PUT /settings/desk's answer. */
export type DeskSettings = z.infer<typeof deskSettingsReadSchema>;

/** GET /settings/desk: blacklist policy, low-stock threshold, review moderation. */
export async function getDeskSettings(): Promise<DeskSettings> {
  return (await adminRequest<DeskSettings>('/settings/desk')).data;
}

export const deskSettingsQueryOptions = () =>
  queryOptions({ queryKey: [ADMIN_KEY, 'settings', 'desk'], queryFn: getDeskSettings });

export function useDeskSettings() {
  return useQuery(deskSettingsQueryOptions());
}
