import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierSettings } from '@shop/domain/courier-accounts';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

const settingsKey = [ADMIN_KEY, 'courier-settings'] as const;

/** GET /courier/settings: after how many days without news a parcel is listed as stranded. */
export async function getCourierSettings(): Promise<CourierSettings> {
  return (await adminRequest<CourierSettings>('/courier/settings')).data;
}

export const courierSettingsQueryOptions = () => queryOptions({ queryKey: settingsKey, queryFn: getCourierSettings });

export function useCourierSettings() {
  return useQuery(courierSettingsQueryOptions());
}

/** PUT /courier/settings. */
export async function saveCourierSettings(values: CourierSettings): Promise<CourierSettings> {
  return (await adminRequest<CourierSettings>('/courier/settings', { method: 'PUT', body: values })).data;
}

export function useSaveCourierSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourierSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'stranded'] });
    },
  });
}
