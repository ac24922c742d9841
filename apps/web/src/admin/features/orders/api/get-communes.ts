import { useQuery } from '@tanstack/react-query';
import type { Commune } from '@shop/domain/geo/communes';
import { wilayaKey } from '@shop/domain/wilaya';
import { ApiError } from '../../../../lib/api.ts';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/**
 * GET /commune?wilaya=: a wilaya's communes, offered when an order's commune is corrected. A
 * wilaya the data does not have (one the owner added) has none: the commune is then typed freely.
 */
export async function getCommunes(wilaya: string): Promise<Commune[]> {
  try {
    return (await adminRequest<Commune[]>(`/commune?wilaya=${encodeURIComponent(wilaya)}`)).data ?? [];
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export function useCommunes(wilaya: string) {
  return useQuery({
    queryKey: [ADMIN_KEY, 'communes', wilayaKey(wilaya)],
    queryFn: () => getCommunes(wilaya),
    staleTime: Infinity,
    enabled: wilayaKey(wilaya) !== '',
  });
}
