import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffFigures } from '@shop/domain/staff';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

/** GET /staff/figures: each agent's figures from one day to another (YYYY-MM-DD, both counted). */
export async function getFigures(from: string, to: string): Promise<StaffFigures> {
  return (await adminRequest<StaffFigures>(`/staff/figures?from=${from}&to=${to}`)).data;
}

export const figuresQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'staff-figures', from, to],
    queryFn: () => getFigures(from, to),
    placeholderData: keepPreviousData,
  });

export function useFigures(from: string, to: string) {
  return useQuery(figuresQueryOptions(from, to));
}
