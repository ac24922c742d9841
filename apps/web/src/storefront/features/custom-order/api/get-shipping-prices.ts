import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api.ts';

export interface ShippingPrice {
  id: number;
  wilaya_code: number | null;
  wilaya_name: string;
  price: number;
}

export async function getShippingPrices(): Promise<ShippingPrice[]> {
  const response = await apiRequest<ShippingPrice[]>('/ShippingPrice/read');
  return (response.data ?? []).map((w) => ({ ...w, price: Number(w.price) || 0 }));
}

export const shippingPricesQueryOptions = queryOptions({
  queryKey: ['shipping-prices'],
  queryFn: getShippingPrices,
});

export function useShippingPrices() {
  return useQuery(shippingPricesQueryOptions);
}
