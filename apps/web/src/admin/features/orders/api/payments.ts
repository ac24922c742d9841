import type { z } from 'zod';
import type { orderPaymentCreateSchema } from '@shop/domain/order-payments';
import { adminRequest } from '../../../lib/admin-request.ts';
import type { Order } from '../../../lib/types.ts';
import { useOrderChange } from '../../../lib/order-change.ts';

export type PaymentInput = z.input<typeof orderPaymentCreateSchema>;

/** POST /order/payments/{id}: a payment received before delivery; the courier collects the rest. */
export async function addPayment({ id, payment }: { id: number; payment: PaymentInput }): Promise<Order> {
  return (await adminRequest<Order>(`/order/payments/${id}`, { method: 'POST', body: payment })).data;
}

/** DELETE /order/payments/{id}/{paymentId}: a payment recorded by mistake. */
export async function removePayment({ id, paymentId }: { id: number; paymentId: number }): Promise<Order> {
  return (await adminRequest<Order>(`/order/payments/${id}/${paymentId}`, { method: 'DELETE' })).data;
}

export function useAddPayment() {
  return useOrderChange(addPayment);
}

export function useRemovePayment() {
  return useOrderChange(removePayment);
}
