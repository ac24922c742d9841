import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderTracking } from '@shop/domain/order-responses';
import { apiRequest } from '../../../../lib/api.ts';

/** An order's number and the phone it was placed with (national form). */
export interface TrackingRequest {
  orderId: number;
  phone: string;
}

/** GET /order/track; throws ApiError: 404 when the number and the phone do not go together. */
export async function trackOrder({ orderId, phone }: TrackingRequest, signal?: AbortSignal): Promise<OrderTracking> {
  const query = new URLSearchParams({ order_id: String(orderId), phone });
  return (await apiRequest<OrderTracking>(`/order/track?${query.toString()}`, { signal })).data;
}

export function trackOrderQuery(request: TrackingRequest) {
  return queryOptions({
    queryKey: ['order-track', request.orderId, request.phone],
    queryFn: ({ signal }) => trackOrder(request, signal),
    // Asking again at once changes nothing for a wrong number (404) or too many tries (429), and
    // counts against the limit; a network failure gets the page's "Réessayer" button.
    retry: false,
    // The order moves (confirmed, shipped): coming back to it asks the server again.
    staleTime: 0,
  });
}

/** The order asked for, once there is a request. */
export function useTrackOrder(request: TrackingRequest | null) {
  return useQuery({ ...trackOrderQuery(request ?? { orderId: 0, phone: '' }), enabled: request !== null });
}
