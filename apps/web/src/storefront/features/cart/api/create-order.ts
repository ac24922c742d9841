import type { CreatedOrder } from '@shop/domain/order-responses';
import { apiRequest } from '../../../../lib/api.ts';
import { orderKeyFor } from '../../checkout/order-key.ts';
import { attributionFor, orderEventId } from '../../marketing/attribution.ts';
import { trackAdEvent } from '../../marketing/pixels.ts';

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
}

/** POST /order with the order's Idempotency-Key (the same for the same order sent again). */
export async function createOrder(payload: RegularOrderPayload): Promise<CreatedOrder> {
  const key = orderKeyFor(payload);
  const eventId = orderEventId(key);
  // Where the customer came from goes with the order, outside what its key stands for.
  const body = { ...payload, ...attributionFor(eventId) };
  const created = (
    await apiRequest<CreatedOrder>('/order', { method: 'POST', body, headers: { 'idempotency-key': key } })
  ).data;
  trackAdEvent(
    'OrderPlaced',
    {
      value: Number(created.total),
      contents: payload.items.map((i) => ({ id: String(i.product_id), quantity: i.quantity })),
    },
    eventId,
  );
  return created;
}
