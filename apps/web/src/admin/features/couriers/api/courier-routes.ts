import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CourierRoute, CourierRoutes } from '@shop/domain/courier-accounts';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';

const routesKey = [ADMIN_KEY, 'courier-routes'] as const;

/** GET /courier/routes: which account each wilaya and delivery type goes to, and its version. */
export async function getCourierRoutes(): Promise<CourierRoutes> {
  return (await adminRequest<CourierRoutes>('/courier/routes')).data;
}

export const courierRoutesQueryOptions = () =>
  queryOptions({ queryKey: routesKey, queryFn: getCourierRoutes, staleTime: 60_000 });

export function useCourierRoutes() {
  return useQuery(courierRoutesQueryOptions());
}

/** PUT /courier/routes: the whole table, against the version it was read with (409 otherwise). */
export async function saveCourierRoutes(body: { routes: CourierRoute[]; version: string }): Promise<CourierRoutes> {
  return (await adminRequest<CourierRoutes>('/courier/routes', { method: 'PUT', body })).data;
}

export function useSaveCourierRoutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourierRoutes,
    onSuccess: (saved) => queryClient.setQueryData(routesKey, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: routesKey }),
  });
}

/** GET /ShippingPrice/read: the wilayas a route may name (the ones offered now). */
export async function getRouteWilayas(): Promise<{ wilaya_name: string; wilaya_code: number | null }[]> {
  return (await adminRequest<{ wilaya_name: string; wilaya_code: number | null }[]>('/ShippingPrice/read')).data ?? [];
}

export function useRouteWilayas() {
  return useQuery({ queryKey: [ADMIN_KEY, 'courier-route-wilayas'], queryFn: getRouteWilayas, staleTime: 5 * 60_000 });
}
