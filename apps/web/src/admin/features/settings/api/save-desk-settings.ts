import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deskSettingsSchema } from '@shop/domain/order-desk-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import { deskSettingsQueryOptions, type DeskSettings } from './get-desk-settings.ts';

/** PUT /settings/desk: the server answers the settings as saved. */
export async function saveDeskSettings(values: z.output<typeof deskSettingsSchema>): Promise<DeskSettings> {
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
