// The wilayas and their delivery fees, shared by the cart's checkout and the custom order form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';

export interface ShippingPrice {
  id: number;
  wilaya_code: number | null;
  wilaya_name: string;
  price: number;
}

export async function getShippingPrices(): Promise<ShippingPrice[]> {
  const { data } = await apiRequest<ShippingPrice[] | { data: ShippingPrice[] }>('/ShippingPrice/read');
  const list = Array.isArray(data) ? data : (data?.data ?? []);
  return list.map((w) => ({ ...w, price: Number(w.price) || 0 }));
}

export const shippingPricesQuery = queryOptions({ queryKey: ['shipping-prices'], queryFn: getShippingPrices });

export function useShippingPrices() {
  return useQuery(shippingPricesQuery);
}
