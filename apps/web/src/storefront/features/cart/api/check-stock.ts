import { apiRequest } from '../../../../lib/api.ts';

export interface StockLine {
  product_id: number;
  name: string;
  size: string;
  requested: number;
  available: number;
  ok: boolean;
}

export interface StockAnswer {
  ok: boolean;
  items: StockLine[];
}

/** The stock check before checkout (DESIGN §3.3). */
export async function checkStock(
  items: { product_id: number; size: string; quantity: number }[],
): Promise<StockAnswer> {
  const { data } = await apiRequest<StockAnswer>('/product/checkStock', { method: 'POST', body: { items } });
  return data;
}
