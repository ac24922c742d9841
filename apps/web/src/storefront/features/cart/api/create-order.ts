import type { z } from 'zod';
import type { CreatedOrder } from '@shop/domain/order-responses';
import type { regularOrderSchema } from '@shop/domain/order-schemas';
import { apiRequest } from '../../../../lib/api.ts';
import { orderKeyFor } from '../../checkout/order-key.ts';

/** What the cart sends: the server's own schema of a regular order, as it reads it. */
export type RegularOrderPayload = z.input<typeof regularOrderSchema>;

/** POST /order with the order's Idempotency-Key (the same for the same order sent again). */
export async function createOrder(payload: RegularOrderPayload): Promise<CreatedOrder> {
  const headers = { 'idempotency-key': orderKeyFor(payload) };
  return (await apiRequest<CreatedOrder>('/order', { method: 'POST', body: payload, headers })).data;
}
