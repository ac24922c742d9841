import type { StockCheck } from '@shop/domain/catalog-responses';
import { apiRequest } from '../../../../lib/api.ts';

export type { StockLine } from '@shop/domain/catalog-responses';

/** The stock check before checkout (DESIGN §3.3). */
export async function checkStock(
  items: { product_id: number; size: string; quantity: number; color?: string }[],
): Promise<StockCheck> {
  const { data } = await apiRequest<StockCheck>('/product/checkStock', { method: 'POST', body: { items } });
  return data;
}
