import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeskSettings } from '@shop/domain/order-desk-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import { deskSettingsQueryOptions } from './get-desk-settings.ts';

/** PUT /settings/desk: the server answers the settings as saved. */
export async function saveDeskSettings(values: DeskSettings): Promise<DeskSettings> {
  return (await adminRequest<DeskSettings>('/settings/desk', { method: 'PUT', body: values })).data;
}

export function useSaveDeskSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDeskSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(deskSettingsQueryOptions().queryKey, saved);
      // The dashboard's low-stock list follows the threshold.
      await queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'stats'] });
    },
  });
}
