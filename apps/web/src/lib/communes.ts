// A wilaya's communes (GET /api/commune, static data the server lets browsers keep for a day), for
// the storefront's commune picker and the back office's order correction.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Commune } from '@shop/domain/geo/commune-schemas';
import { wilayaKey } from '@shop/domain/wilaya';
import { apiRequest } from './api.ts';

export type { Commune };

export async function getCommunes(wilaya: string): Promise<Commune[]> {
  const { data } = await apiRequest<Commune[]>(`/commune?wilaya=${encodeURIComponent(wilaya)}`);
  return Array.isArray(data) ? data : [];
}

export const communesQuery = (wilaya: string) =>
  queryOptions({
    queryKey: ['communes', wilayaKey(wilaya)],
    queryFn: () => getCommunes(wilaya),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    // A wilaya the data does not have (one the owner added) answers 404: not worth retrying.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

export function useCommunes(wilaya: string) {
  return useQuery({ ...communesQuery(wilaya), enabled: wilayaKey(wilaya) !== '' });
}
