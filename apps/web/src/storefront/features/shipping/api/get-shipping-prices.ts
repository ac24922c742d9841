// The wilayas and their delivery fees, shared by the cart's checkout and the custom order form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShippingPrice } from '@shop/domain/shipping-responses';
import { apiRequest } from '../../../../lib/api.ts';

export type { ShippingPrice };

export async function getShippingPrices(): Promise<ShippingPrice[]> {
  const { data } = await apiRequest<ShippingPrice[] | { data: ShippingPrice[] }>('/ShippingPrice/read');
  const list = Array.isArray(data) ? data : (data?.data ?? []);
  return list.map((w) => ({
    ...w,
    price: Number(w.price) || 0,
    // An older server sends no stop desk fee: none there.
    stop_desk_price: w.stop_desk_price === null || w.stop_desk_price === undefined ? null : Number(w.stop_desk_price),
    // The communes priced apart; a server from before sends none.
    communes: Array.isArray(w.communes) ? w.communes : [],
  }));
}

export const shippingPricesQuery = queryOptions({ queryKey: ['shipping-prices'], queryFn: getShippingPrices });

export function useShippingPrices() {
  return useQuery(shippingPricesQuery);
}
