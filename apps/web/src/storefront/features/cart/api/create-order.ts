import type { z } from 'zod';
import type { CreatedOrder } from '@shop/domain/order-responses';
import type { regularOrderSchema } from '@shop/domain/order-schemas';
import { apiRequest } from '../../../../lib/api.ts';
import { orderKeyFor } from '../../checkout/order-key.ts';
import { attributionFor, orderEventId } from '../../marketing/attribution.ts';
import { trackAdEvent } from '../../marketing/pixels.ts';

/** What the cart sends: the server's own schema of a regular order, as it reads it. */
export type RegularOrderPayload = z.input<typeof regularOrderSchema>;

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
      contents: payload.items.map((i) => ({ id: String(i.product_id), quantity: Number(i.quantity) })),
    },
    eventId,
  );
  return created;
}
