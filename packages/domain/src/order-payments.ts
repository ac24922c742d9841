// Payments received before delivery. A custom order is often paid in advance (in part or whole)
// to the shop's CCP, RIP or BaridiMob account, or in cash at the shop: the courier must then
// collect only what is left, on the parcel, the slip, the exports and the customer's /suivi.
import { z } from 'zod';
import { moneySchema, optionalTypedText } from './common-schemas.ts';
import { EDITABLE_STATUSES, type OrderStatus } from './order-status.ts';

export const PAYMENT_METHODS = ['ccp', 'baridimob', 'rip', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How the back office names each method. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  ccp: 'CCP',
  baridimob: 'BaridiMob',
  rip: 'Bank transfer (RIP)',
  cash: 'Cash',
};

/** What is left to collect at the door: the total less what was paid, never below 0. */
export function amountDueCentimes(totalCents: number, paidCents: number): number {
  return Math.max(0, totalCents - paidCents);
}

/**
 * Why payments can no longer be recorded or removed on an order, or null while they can: a
 * cancelled order takes none, and once the order is with its courier (being sent, or a parcel
 * made) the parcel already says what to collect; after that (shipped, delivered) neither.
 */
export function paymentsClosed(order: {
  status: OrderStatus;
  tracking_number: string | null;
  courier_sent_at: string | null;
  courier_error: string | null;
}): 'cancelled' | 'with_courier' | 'shipped' | null {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.tracking_number !== null || (order.courier_sent_at !== null && order.courier_error === null)) {
    return 'with_courier';
  }
  if (!EDITABLE_STATUSES.includes(order.status)) return 'shipped';
  return null;
}

/** POST /order/{id}/payments: one payment received (the day defaults to today). */
export const orderPaymentCreateSchema = z.object({
  amount: moneySchema('Amount').refine((v) => v > 0, { error: 'Amount must be more than 0' }),
  method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}` }),
  reference: optionalTypedText('line', 100, {
    tooLong: 'The reference must be at most 100 characters',
    characters: 'The reference must not contain control or direction-override characters',
  }).default(''),
  paid_on: z.iso.date({ error: 'The date is YYYY-MM-DD' }).optional(),
});
export type OrderPaymentCreate = z.infer<typeof orderPaymentCreateSchema>;

export const orderPaymentSchema = z
  .object({
    id: z.number().int(),
    amount: z.number(),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string(),
    paid_on: z.string(),
    author: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;
