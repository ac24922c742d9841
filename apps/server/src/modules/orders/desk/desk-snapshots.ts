// What a desk outcome (a call's) changed on an order, kept with its event so that a mis-tapped
// outcome can be undone while nothing has moved the order since.
import { z } from 'zod';
import {
  CONFIRMATION_STATES,
  ORDER_STATUSES,
  type ConfirmationState,
  type OrderStatus,
} from '@shop/domain/order-status';
import type { Executor, OrderRow } from '../../../db/database.ts';
import * as desk from './order-desk.repository.ts';

/** What a desk outcome changes on an order, kept with its event to put back on an undo. */
export const deskSnapshotSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  stock_reserved: z.number().int(),
  confirmation: z.enum(CONFIRMATION_STATES),
  call_attempts: z.number().int(),
  call_back_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  refusal_note: z.string().nullable(),
  // Snapshots written before orders knew who confirmed them have none.
  confirmed_by: z.number().int().nullable().default(null),
});
export type DeskSnapshot = z.infer<typeof deskSnapshotSchema>;

export function snapshotOf(row: OrderRow): DeskSnapshot {
  return {
    status: row.status as OrderStatus,
    stock_reserved: row.stock_reserved,
    confirmation: row.confirmation as ConfirmationState,
    call_attempts: row.call_attempts,
    call_back_at: row.call_back_at,
    confirmed_at: row.confirmed_at,
    refusal_reason: row.refusal_reason,
    refusal_note: row.refusal_note,
    confirmed_by: row.confirmed_by,
  };
}

/**
 * The order's last desk outcome, while it can be undone: it is the order's newest event, not
 * undone yet, and nothing moved the order's status since.
 */
export async function undoableCall(db: Executor, orderId: number) {
  const event = await desk.lastEvent(db, orderId);
  if (!event || event.kind !== 'confirmation' || event.undo === null || event.undone_at !== null) return null;
  if ((await desk.statusChangesAfter(db, orderId, event.created_at)) > 0) return null;
  const snapshot = deskSnapshotSchema.safeParse(JSON.parse(event.undo));
  return snapshot.success ? { event, snapshot: snapshot.data } : null;
}
