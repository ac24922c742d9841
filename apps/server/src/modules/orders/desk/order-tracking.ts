// The customer's tracking page: an order's path by its number and the phone it was placed with.
import { toDa } from '@shop/domain/money';
import { type OrderStatus } from '@shop/domain/order-status';
import { amountDueCentimes } from '@shop/domain/order-payments';
import type { OrderTracking, TrackingStep } from '@shop/domain/order-responses';
import type { Database } from '../../../db/database.ts';
import { notFound } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import { deliveryTypeOf } from '../delivery.ts';
import * as repo from '../orders.repository.ts';

/**
 * An order's path for the customer, only when its number and phone go together; the same 404
 * whichever is wrong. No address, no name.
 */
export async function trackOrder(db: Database, orderId: number, phone: string): Promise<OrderTracking> {
  const row = await repo.findOrder(db, orderId);
  if (!row || row.customer_phone !== phone) throw notFound(ORDER_MESSAGES.trackingNotFound);
  const [history, items, payments] = await Promise.all([
    repo.findStatusHistory(db, orderId),
    repo.findItemsOf(db, [orderId]),
    repo.findPaymentsOf(db, [orderId]),
  ]);
  const firstTo = (status: string) => history.find((h) => h.to_status === status)?.changed_at;
  const lastTo = (status: string) => history.filter((h) => h.to_status === status).at(-1)?.changed_at;
  const timeline: { step: TrackingStep; at: string }[] = [{ step: 'received', at: row.created_at }];
  const confirmedAt = row.confirmed_at ?? firstTo('approved');
  if (confirmedAt && row.status !== 'cancelled') timeline.push({ step: 'confirmed', at: confirmedAt });
  const shippedAt = firstTo('shipping');
  if (shippedAt && ['shipping', 'successful', 'returned'].includes(row.status)) {
    timeline.push({ step: 'shipping', at: shippedAt });
  }
  for (const end of ['successful', 'returned', 'cancelled'] as const) {
    const at = row.status === end ? lastTo(end) : undefined;
    if (at) timeline.push({ step: end, at });
  }
  return {
    order_id: row.id,
    status: row.status as OrderStatus,
    timeline,
    tracking_number: row.tracking_number,
    items:
      row.type === 'custom'
        ? [{ name: row.clothing_type ?? '', size: row.size ?? '', quantity: 1 }]
        : items.map((i) => ({
            name: i.product_name,
            size: i.size,
            // The variant's colour (ADR 036), on a line that has one.
            ...(i.color ? { color: i.color } : {}),
            quantity: i.quantity,
          })),
    total: toDa(row.final_total_cents),
    amount_due: toDa(
      amountDueCentimes(
        row.final_total_cents,
        payments.reduce((sum, p) => sum + Number(p.amount_cents), 0),
      ),
    ),
    wilaya: row.wilaya_name,
    delivery_type: deliveryTypeOf(row.delivery_type),
    commune: row.commune_name,
  };
}
