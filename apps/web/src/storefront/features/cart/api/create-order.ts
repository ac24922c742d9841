import type { CreatedOrder } from '@shop/domain/order-responses';
import { apiRequest } from '../../../../lib/api.ts';
import { orderKeyFor } from '../../checkout/order-key.ts';

export interface RegularOrderPayload {
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_postal_code: string;
  type: 'regular';
  subtotal: string;
  shipping_fee: string;
  coupon_code: string;
  wilaya: string;
  /** Issue 16: home or stop desk, and the commune's name. */
  delivery_type: 'home' | 'stop_desk';
  commune: string;
  size: string;
  items: { product_id: number; quantity: number; size: string }[];
  /** The checkout draft this order converts (checkout/draft-save.ts). */
  checkout_draft_key?: string;
}

/** POST /order with the order's Idempotency-Key (the same for the same order sent again). */
export async function createOrder(payload: RegularOrderPayload): Promise<CreatedOrder> {
  const headers = { 'idempotency-key': orderKeyFor(payload) };
  return (await apiRequest<CreatedOrder>('/order', { method: 'POST', body: payload, headers })).data;
}
